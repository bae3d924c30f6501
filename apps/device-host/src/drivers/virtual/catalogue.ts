import { PHONE_RESOLUTIONS, type PhoneResolution } from '@cloudphone/contracts/phones';
/**
 * Real handsets a virtual phone can pass for (DESIGN §4): manufacturer, brand, model code, marketing
 * name, Android version and the TAC (the first 8 IMEI digits, which identify the model).
 */
export interface HandsetModel {
  manufacturer: string;
  brand: string;
  model: string;
  name: string;
  android: string;
  tac: string;
}

type Row = [manufacturer: string, brand: string, model: string, name: string, android: string, tac: string];

const rows: Row[] = [
  ['samsung', 'samsung', 'SM-S918B', 'Galaxy S23 Ultra', '14', '35074592'],
  ['samsung', 'samsung', 'SM-S911B', 'Galaxy S23', '14', '35072892'],
  ['samsung', 'samsung', 'SM-G991B', 'Galaxy S21 5G', '13', '35394611'],
  ['samsung', 'samsung', 'SM-A546E', 'Galaxy A54 5G', '14', '35010632'],
  ['samsung', 'samsung', 'SM-F946B', 'Galaxy Z Fold5', '14', '35063793'],
  ['Xiaomi', 'Xiaomi', '2304FPN6DC', 'Xiaomi 13 Ultra', '13', '86756606'],
  ['Xiaomi', 'Xiaomi', '23127PN0CC', 'Xiaomi 14', '14', '86869407'],
  ['Xiaomi', 'Xiaomi', '2211133C', 'Xiaomi 13', '13', '86223206'],
  ['Xiaomi', 'Redmi', '23090RA98C', 'Redmi Note 13 Pro', '13', '86041307'],
  ['Xiaomi', 'Redmi', '22101316C', 'Redmi Note 12 Pro', '12', '86803506'],
  ['Xiaomi', 'Redmi', '23113RKC6C', 'Redmi K70', '14', '86112007'],
  ['HUAWEI', 'HUAWEI', 'ALN-AL00', 'Mate 60 Pro', '12', '86679006'],
  ['HUAWEI', 'HUAWEI', 'LNA-AL00', 'P60 Pro', '12', '86401606'],
  ['HUAWEI', 'HUAWEI', 'NOH-AN00', 'Mate 40 Pro', '10', '86726005'],
  ['HONOR', 'HONOR', 'PGT-AN10', 'Magic6 Pro', '14', '86093107'],
  ['HONOR', 'HONOR', 'ANY-AN00', 'X30', '11', '86551505'],
  ['HONOR', 'HONOR', 'REA-AN00', 'Honor 90', '13', '86258806'],
  ['OPPO', 'OPPO', 'PHZ110', 'Find X6 Pro', '13', '86925806'],
  ['OPPO', 'OPPO', 'PJA110', 'Reno11', '14', '86355307'],
  ['OPPO', 'OPPO', 'PHB110', 'Find N3', '13', '86014707'],
  ['vivo', 'vivo', 'V2309A', 'X100 Pro', '14', '86491207'],
  ['vivo', 'vivo', 'V2241A', 'X90 Pro+', '13', '86737506'],
  ['vivo', 'vivo', 'V2231A', 'S16', '13', '86203106'],
  ['OnePlus', 'OnePlus', 'PJD110', 'OnePlus 12', '14', '86987007'],
  ['OnePlus', 'OnePlus', 'CPH2449', 'OnePlus 11', '13', '86455306'],
  ['OnePlus', 'OnePlus', 'PHK110', 'OnePlus Ace 2', '13', '86577906'],
  ['Google', 'google', 'GC3VE', 'Pixel 8', '14', '35847631'],
  ['Google', 'google', 'GP4BC', 'Pixel 7 Pro', '14', '35365373'],
  ['Google', 'google', 'G1AZG', 'Pixel 8 Pro', '14', '35848031'],
  ['realme', 'realme', 'RMX3706', 'GT Neo5', '13', '86829506'],
  ['realme', 'realme', 'RMX3800', 'GT5', '13', '86316907'],
  ['Meizu', 'meizu', 'M391Q', 'Meizu 21', '14', '86745807'],
  ['Meizu', 'meizu', 'M381H', 'Meizu 20', '13', '86280006'],
];

export const HANDSETS: readonly HandsetModel[] = rows.map(([manufacturer, brand, model, name, android, tac]) => ({
  manufacturer,
  brand,
  model,
  name,
  android,
  tac,
}));

export function findHandset(manufacturer: string, model: string): HandsetModel | undefined {
  return HANDSETS.find((h) => h.manufacturer.toLowerCase() === manufacturer.toLowerCase() && h.model === model);
}

export function manufacturers(): string[] {
  return [...new Set(HANDSETS.map((h) => h.manufacturer))];
}

/** The resolutions a phone can be set to; the first is a new phone's. */
export const DISPLAY_PRESETS = PHONE_RESOLUTIONS;
export type Display = PhoneResolution;
