import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLD_MINER_APK } from '../fixtures/index';
import { PackageParseError, readApk } from './read-apk';

// Built with Debian's aapt (see fixtures/README.md): label through a string resource, a PNG icon.
const apk = readFileSync(GOLD_MINER_APK);

describe('reading an APK', () => {
  it('reads the package name, version, label (through resources.arsc) and icon from a real APK', () => {
    const info = readApk(apk);
    expect(info).toMatchObject({
      packageName: 'com.example.miner',
      versionName: '2.3.1',
      versionCode: 7,
      label: 'Gold Miner',
    });
    expect(info.icon).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('refuses a file that is not an APK', () => {
    expect(() => readApk(Buffer.from('this is a text file, not a package'))).toThrow(PackageParseError);
    expect(() => readApk(apk.subarray(0, apk.length / 2))).toThrow(PackageParseError);
  });
});
