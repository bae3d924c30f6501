/**
 * The APK reader (issue 21: one package the server and the device host both use): a package's name,
 * label, version and icon from its binary manifest and resource table, read without unpacking it.
 */
export { PackageParseError, readApk, readApkFile, type ApkInfo } from './read-apk';
export { bufferSource, fileSource, readZip, type ByteSource } from './zip';
