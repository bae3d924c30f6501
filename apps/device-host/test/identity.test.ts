import { describe, expect, it } from 'vitest';
import { findHandset, HANDSETS } from '../src/drivers/virtual/catalogue';
import { isLuhnValid, luhnCheckDigit, makeIdentity, makeImei, randomHandset } from '../src/drivers/virtual/identity';

describe('the handset catalogue', () => {
  it('has at least 30 real models across at least 8 brands', () => {
    expect(HANDSETS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(HANDSETS.map((h) => h.brand.toLowerCase())).size).toBeGreaterThanOrEqual(8);
  });

  it('gives every model an 8-digit TAC, a name and an Android version', () => {
    for (const handset of HANDSETS) {
      expect(handset.tac, handset.model).toMatch(/^\d{8}$/);
      expect(handset.name, handset.model).not.toBe('');
      expect(handset.android, handset.model).toMatch(/^\d+$/);
    }
  });

  it('lists each model code once, so a model can be found by manufacturer and code', () => {
    expect(new Set(HANDSETS.map((h) => h.model)).size).toBe(HANDSETS.length);
    for (const handset of HANDSETS) expect(findHandset(handset.manufacturer, handset.model)).toBe(handset);
    expect(findHandset('samsung', 'NOT-A-MODEL')).toBeUndefined();
  });
});

describe('the Luhn check', () => {
  it('accepts a known valid IMEI and refuses it with a wrong check digit', () => {
    expect(isLuhnValid('490154203237518')).toBe(true);
    expect(isLuhnValid('490154203237519')).toBe(false);
    expect(luhnCheckDigit('49015420323751')).toBe(8);
  });

  it('refuses anything that is not all digits', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('49015420323751a')).toBe(false);
    expect(isLuhnValid('4901-5420-3237-518')).toBe(false);
  });

  it('catches every single-digit change of a valid number', () => {
    const valid = '490154203237518';
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(isLuhnValid(changed), changed).toBe(false);
      }
    }
  });
});

describe('generated identities', () => {
  it('makes 15-digit, Luhn-valid IMEIs on the model TAC, every time', () => {
    for (const handset of HANDSETS) {
      for (let n = 0; n < 60; n++) {
        const imei = makeImei(handset.tac);
        expect(imei).toMatch(/^\d{15}$/);
        expect(imei.startsWith(handset.tac)).toBe(true);
        expect(isLuhnValid(imei), imei).toBe(true);
      }
    }
  });

  it('takes manufacturer, brand, model, name and Android version from the handset', () => {
    for (let n = 0; n < 200; n++) {
      const handset = randomHandset();
      const identity = makeIdentity(handset);
      expect(identity).toMatchObject({
        manufacturer: handset.manufacturer,
        brand: handset.brand,
        model: handset.model,
        name: handset.name,
        android: handset.android,
      });
      expect(identity.imei.slice(0, 8)).toBe(handset.tac);
      expect(isLuhnValid(identity.imei)).toBe(true);
      expect(identity.serial).toMatch(/^[A-Z0-9]{12}$/);
      expect(identity.androidId).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('gives phones of the same model different IMEIs, serials and Android ids', () => {
    const handset = HANDSETS[0]!;
    const identities = Array.from({ length: 200 }, () => makeIdentity(handset));
    const distinct = (pick: (i: (typeof identities)[number]) => string) => new Set(identities.map(pick)).size;
    expect(distinct((i) => i.serial)).toBe(identities.length);
    expect(distinct((i) => i.androidId)).toBe(identities.length);
    // Six random digits: a handful of collisions in 200 would be astonishing, not one is plausible.
    expect(distinct((i) => i.imei)).toBeGreaterThan(identities.length - 3);
  });

  it('picks a random handset other than the one it is told to avoid', () => {
    const avoid = HANDSETS[0]!.model;
    const picked = new Set<string>();
    for (let n = 0; n < 300; n++) {
      const handset = randomHandset(avoid);
      expect(handset.model).not.toBe(avoid);
      picked.add(handset.model);
    }
    expect(picked.size).toBeGreaterThan(10);
  });
});
