import type { PhoneState } from '../phone-state';

/** The API level of each Android release a handset of the catalogue runs. */
const SDK_OF_RELEASE: Record<string, number> = { '10': 29, '11': 30, '12': 31, '13': 33, '14': 34, '15': 35 };
/** A build id of each release, as its factory images are named (UP1A… is Android 14's). */
const BUILD_ID_OF_RELEASE: Record<string, string> = {
  '10': 'QP1A.190711.020',
  '11': 'RP1A.200720.011',
  '12': 'SP1A.210812.016',
  '13': 'TP1A.220624.014',
  '14': 'UP1A.231005.007',
  '15': 'AP3A.240905.015',
};

/** A product or device code made of the marketing name, as makers name theirs (`galaxy_s23_ultra`). */
export function productCode(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'phone'
  );
}

/**
 * The system properties `getprop` shows (and the banner and About phone agree with): the phone's
 * identity, display and root switch. Every `ro.*` is read-only, as on a handset.
 */
export function systemProperties(state: PhoneState, online: boolean): Record<string, string> {
  const { identity, display } = state;
  const product = productCode(identity.name);
  const sdk = String(SDK_OF_RELEASE[identity.android] ?? 34);
  const buildId = BUILD_ID_OF_RELEASE[identity.android] ?? 'UP1A.231005.007';
  const incremental = identity.serial.slice(0, 8);
  return {
    'ro.product.brand': identity.brand,
    'ro.product.manufacturer': identity.manufacturer,
    'ro.product.model': identity.model,
    'ro.product.marketname': identity.name,
    'ro.product.name': product,
    'ro.product.device': product,
    'ro.product.board': product,
    'ro.product.cpu.abi': 'arm64-v8a',
    'ro.product.cpu.abilist': 'arm64-v8a,armeabi-v7a,armeabi',
    'ro.product.locale': state.language,
    'ro.serialno': identity.serial,
    'ro.boot.serialno': identity.serial,
    'ro.build.version.release': identity.android,
    'ro.build.version.sdk': sdk,
    'ro.build.id': buildId,
    'ro.build.display.id': buildId,
    'ro.build.version.incremental': incremental,
    'ro.build.type': 'user',
    'ro.build.tags': 'release-keys',
    'ro.build.fingerprint': `${identity.brand}/${product}/${product}:${identity.android}/${buildId}/${incremental}:user/release-keys`,
    'ro.sf.lcd_density': String(display.dpi),
    'ro.secure': '1',
    'ro.debuggable': state.root ? '1' : '0',
    'ro.adb.secure': '1',
    'persist.sys.locale': state.language,
    'persist.sys.usb.config': 'adb',
    'service.adb.tcp.port': '5555',
    'sys.boot_completed': online ? '1' : '',
    'init.svc.adbd': 'running',
  };
}

export const isReadOnlyProperty = (name: string) => name.startsWith('ro.');
