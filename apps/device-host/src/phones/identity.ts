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

/** A handset other than `except`, of the Android version `android` when one is given (the same one when none other is). */
export function randomHandset(except?: string, android?: string): HandsetModel {
  const versions = android === undefined ? HANDSETS : HANDSETS.filter((h) => h.android === android);
  const others = versions.filter((h) => h.model !== except);
  const choices = others.length > 0 ? others : versions;
  return choices[randomInt(choices.length)] as HandsetModel;
}
