import type { AppId, PhoneState } from '../phone-state';

/** A package on the phone as `pm` and `am` name it, and the screen it opens. */
export interface PhonePackage {
  packageName: string;
  /** The activity `am start` and `dumpsys` name. */
  activity: string;
  /** The screen it opens; none for system packages with no screen of their own. */
  app?: AppId;
  system: boolean;
}

/** The phone's own packages: its launcher's apps under Android's names, and the system beneath them. */
const SYSTEM_PACKAGES: PhonePackage[] = [
  { packageName: 'com.android.launcher3', activity: '.Launcher', app: 'launcher', system: true },
  { packageName: 'com.android.settings', activity: '.Settings', app: 'settings', system: true },
  { packageName: 'com.android.documentsui', activity: '.files.FilesActivity', app: 'files', system: true },
  { packageName: 'com.cloudphone.notes', activity: '.NotesActivity', app: 'notes', system: true },
  { packageName: 'com.cloudphone.idlegame', activity: '.GameActivity', app: 'game', system: true },
  { packageName: 'android', activity: '', system: true },
  { packageName: 'com.android.systemui', activity: '', system: true },
  { packageName: 'com.android.shell', activity: '', system: true },
  { packageName: 'com.android.providers.settings', activity: '', system: true },
];

/** Every package of the phone: the system's, then the apps its user installed. */
export function phonePackages(state: PhoneState): PhonePackage[] {
  const installed = state.apps.map((a): PhonePackage => ({
    packageName: a.packageName,
    activity: '.MainActivity',
    app: `app:${a.packageName}`,
    system: false,
  }));
  return [...SYSTEM_PACKAGES, ...installed];
}

export function findPackage(state: PhoneState, packageName: string): PhonePackage | undefined {
  return phonePackages(state).find((p) => p.packageName === packageName);
}

/** The package whose screen is on top. */
export function topPackage(state: PhoneState): PhonePackage {
  const top = state.screenStack.at(-1) ?? 'launcher';
  // About phone and Language are screens of Settings.
  const app = top === 'about' || top === 'language' ? 'settings' : top;
  return phonePackages(state).find((p) => p.app === app) ?? SYSTEM_PACKAGES[0]!;
}

/** A component as Android writes it: `pkg/.Activity` or `pkg/full.Name`. */
export const componentName = (p: PhonePackage) => `${p.packageName}/${p.activity}`;

/** Where `pm path` says a package is. */
export const packagePath = (p: PhonePackage) =>
  p.system
    ? `/system/app/${p.packageName.split('.').at(-1)}/${p.packageName.split('.').at(-1)}.apk`
    : `/data/app/${p.packageName}-1/base.apk`;
