import { randomInt } from 'node:crypto';
import { HANDSETS, type HandsetModel } from './catalogue';

/** Who a phone says it is: its handset model and the numbers that make it one of a kind. */
export interface PhoneIdentity {
  manufacturer: string;
  brand: string;
  model: string;
  name: string;
  android: string;
  imei: string;
  serial: string;
  androidId: string;
}

/** The Luhn check digit of a digit string (the 15th IMEI digit). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  return /^\d+$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const SERIAL_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** An IMEI on the model's TAC: 8 TAC digits, a 6-digit serial, the Luhn check digit. */
export function makeImei(tac: string): string {
  const body = tac + digits(6);
  return body + luhnCheckDigit(body);
}

export function makeIdentity(handset: HandsetModel): PhoneIdentity {
  return {
    manufacturer: handset.manufacturer,
    brand: handset.brand,
    model: handset.model,
    name: handset.name,
    android: handset.android,
    imei: makeImei(handset.tac),
    serial: Array.from({ length: 12 }, () => SERIAL_CHARS[randomInt(SERIAL_CHARS.length)]).join(''),
    androidId: Array.from({ length: 16 }, () => randomInt(16).toString(16)).join(''),
  };
}

/** Whether a handset is of `brand`, named by its brand or its manufacturer (Redmi, or Xiaomi for all of Xiaomi's). */
export function isOfBrand(handset: HandsetModel, brand: string): boolean {
  const wanted = brand.toLowerCase();
  return handset.brand.toLowerCase() === wanted || handset.manufacturer.toLowerCase() === wanted;
}

/**
 * A handset of the catalogue at random, other than the model `except`, within `brand` and of the
 * Android version `android` when they are named (a clone's new machine keeps its template's version).
 */
export function randomHandset(except?: string, within: { brand?: string; android?: string } = {}): HandsetModel {
  const { brand, android } = within;
  const pool = HANDSETS.filter(
    (h) => (brand === undefined || isOfBrand(h, brand)) && (android === undefined || h.android === android),
  );
  const others = pool.filter((h) => h.model !== except);
  // A brand (or version) of one handset can only draw that handset again (with new numbers).
  const choices = others.length > 0 ? others : pool;
  return choices[randomInt(choices.length)] as HandsetModel;
}
