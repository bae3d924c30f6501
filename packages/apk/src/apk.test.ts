import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLD_MINER_APK, NEON_RACER_APK, TEAL_NOTES_APK } from '../fixtures/index';
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

  it('composes an adaptive icon: its foreground over its background, cut to what a launcher shows', () => {
    const info = readApk(readFileSync(NEON_RACER_APK));
    expect(info).toMatchObject({ packageName: 'com.example.neonracer', label: 'Neon Racer', versionName: '1.2.0' });
    const svg = Buffer.from(info.icon!.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
    expect(svg).toContain('viewBox="18 18 72 72"');
    expect(svg).toContain('fill="#ff6d00"');
    expect(svg).toMatch(/<image width="108" height="108" href="data:image\/png;base64,iVBORw0KGgo/);
  });

  it('takes the densest bitmap among density-qualified icons', () => {
    const { icon } = readApk(readFileSync(TEAL_NOTES_APK));
    const png = Buffer.from(icon!.replace(/^data:image\/png;base64,/, ''), 'base64');
    // The PNG header's width: the xxxhdpi one, 192 px (mdpi is 48, hdpi 72).
    expect(png.readUInt32BE(16)).toBe(192);
  });
});
