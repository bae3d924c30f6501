import { readApkFile } from '@cloudphone/apk';
import type { InstalledApp } from '../phone-driver';
import type { PhoneState } from './phone-state';

/**
 * Installs the package in `file` on a virtual phone: read (PackageParseError when it is none), then —
 * as long as an install takes on a handset, telling 25, 50 and 75 — placed on the launcher, replacing
 * an older version of it.
 */
export async function installPackage(
  phone: { update(change: (state: PhoneState) => void): void },
  file: string,
  size: number,
  {
    installMs,
    now,
    onProgress = () => undefined,
  }: {
    installMs: number;
    now: () => number;
    onProgress?: (progress: number) => void;
  },
): Promise<InstalledApp> {
  const apk = readApkFile(file);
  for (const progress of [25, 50, 75]) {
    await new Promise((resolve) => setTimeout(resolve, installMs / 4));
    onProgress(progress);
  }
  await new Promise((resolve) => setTimeout(resolve, installMs / 4));
  const app: InstalledApp = { ...apk, icon: apk.icon ?? '', size, installedAt: now() };
  phone.update((s) => (s.apps = [...s.apps.filter((a) => a.packageName !== app.packageName), app]));
  return app;
}
