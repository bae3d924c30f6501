import { readManifest, type ManifestValue } from './manifest';
import { readIcon } from './icon';
import { ResourceTable } from './resource-table';
import { bufferSource, fileSource, PackageParseError, readZip, type ByteSource } from './zip';

export { PackageParseError };

/** What the launcher and the app list show of a package. */
export interface ApkInfo {
  packageName: string;
  label: string;
  versionName: string;
  versionCode: number;
  /**
   * The launcher icon as a data URL, when the package has one: its adaptive icon composed as an SVG,
   * or its densest bitmap.
   */
  icon: string | null;
}

/**
 * Reads an APK's package name, label, version and icon from its manifest and resources (DESIGN §4).
 * Anything that is not a readable APK throws PackageParseError.
 */
export function readApk(file: Buffer | ByteSource): ApkInfo {
  try {
    const entries = readZip(Buffer.isBuffer(file) ? bufferSource(file) : file);
    const manifestEntry = entries.get('AndroidManifest.xml');
    if (!manifestEntry) throw new PackageParseError('no AndroidManifest.xml');
    const elements = readManifest(manifestEntry());
    const manifest = elements.find((e) => e.name === 'manifest');
    const application = elements.find((e) => e.name === 'application');
    const packageName = text(manifest?.attributes.get('package'));
    if (!packageName) throw new PackageParseError('no package name');
    const tableEntry = entries.get('resources.arsc');
    const table = tableEntry ? new ResourceTable(tableEntry()) : undefined;
    const resolve = (value: ManifestValue | undefined) =>
      value?.kind === 'reference' ? table?.resolveString(value.id) : text(value);
    const versionCode = manifest?.attributes.get('versionCode');
    return {
      packageName,
      label: resolve(application?.attributes.get('label')) || packageName,
      versionName: resolve(manifest?.attributes.get('versionName')) ?? '',
      versionCode: versionCode?.kind === 'number' ? versionCode.value : 0,
      icon: readIcon(application?.attributes.get('icon'), table, entries),
    };
  } catch (error) {
    if (error instanceof PackageParseError) throw error;
    // A truncated or garbled file fails anywhere inside the readers: it is not a readable package.
    throw new PackageParseError(error instanceof Error ? error.message : 'unreadable package');
  }
}

function text(value: ManifestValue | undefined): string | undefined {
  if (value?.kind === 'string') return value.value;
  if (value?.kind === 'number') return String(value.value);
  return undefined;
}

/** Reads a package from a file on disk, a few entries at a time (a 2 GB package never sits in memory). */
export function readApkFile(path: string): ApkInfo {
  let source: ReturnType<typeof fileSource>;
  try {
    source = fileSource(path);
  } catch {
    throw new PackageParseError('unreadable package');
  }
  try {
    return readApk(source);
  } finally {
    source.close();
  }
}
