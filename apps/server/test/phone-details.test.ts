import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { PhoneExtend } from '@cloudphone/contracts/phones';
import { isLuhnValid, BOOT_MS } from '@cloudphone/device-host';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { givePhones, instanceOf, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

describeEachDatabase('phone status and details', (open) => {
  const t = usePhoneApp(open);

  const status = (userPhoneId: number, token?: string) =>
    t.call('GET', `${PHONE}/status?userPhoneId=${userPhoneId}`, { token });
  const extendBatch = async (ids: readonly number[]) =>
    dataOf<PhoneExtend[]>(await t.call('GET', `${PHONE}/get-extend-batch?userPhoneIds=${ids.join(',')}`));

  it("follows a phone's status: booting, online, maintenance, expired", async () => {
    const ids = await myPhoneIds(t);
    const trial = ids[3]!;
    expect(dataOf(await status(trial))).toEqual({ userPhoneId: trial, status: 'booting' });
    t.clock.advance(BOOT_MS);
    expect(dataOf(await status(trial))).toEqual({ userPhoneId: trial, status: 'online' });
    t.host.fleet.setOperatorState(await instanceOf(t, ids[0]!), 'maintenance');
    expect(dataOf(await status(ids[0]!))).toMatchObject({ status: 'maintenance' });
    await t.travel(DAY);
    expect(dataOf(await status(trial))).toEqual({ userPhoneId: trial, status: 'expired' });
    expect(dataOf(await status(ids[1]!))).toMatchObject({ status: 'online' });
  });

  it("answers 1322 for the status of another user's phone", async () => {
    const [theirs] = await givePhones(t, t.other, 1, 30);
    expect(envelope(await status(theirs!.id))).toEqual({
      code: ERRORS.phoneNotFound.code,
      msg: ERRORS.phoneNotFound['zh-CN'],
      data: null,
    });
    expect(codeOf(await status(theirs!.id, t.other.token))).toBe(0);
  });

  it("gives each phone's Android version, brand, model, Luhn-valid IMEI and serial as the host knows them", async () => {
    const ids = await myPhoneIds(t);
    const details = await extendBatch(ids);
    expect(details.map((d) => d.userPhoneId)).toEqual(ids);
    for (const detail of details) {
      const { identity } = t.host.fleet.get(await instanceOf(t, detail.userPhoneId))!.state;
      expect(detail).toMatchObject({
        system: `Android ${identity.android}`,
        brand: identity.brand,
        model: identity.model,
        imei: identity.imei,
        serialNumber: identity.serial,
      });
      expect(detail.system).toMatch(/^Android \d+/);
      expect(detail.imei).toMatch(/^\d{15}$/);
      expect(isLuhnValid(detail.imei)).toBe(true);
      expect(detail.serialNumber).toMatch(/^[A-Z0-9]{12}$/);
    }
    expect(details.map((d) => d.tag)).toEqual(['', '', '', 'trial']);
    expect(new Set(details.map((d) => d.imei)).size).toBe(ids.length);
  });

  it("leaves out other users' phones and unknown ids", async () => {
    const [mine] = await myPhoneIds(t);
    const [theirs] = await givePhones(t, t.other, 1, 30);
    const details = await extendBatch([theirs!.id, mine!, 999_999]);
    expect(details.map((d) => d.userPhoneId)).toEqual([mine]);
    expect(await extendBatch([theirs!.id])).toEqual([]);
  });

  it('refuses an id list that is not numbers as an invalid parameter', async () => {
    const reply = await t.call('GET', `${PHONE}/get-extend-batch?userPhoneIds=1,abc`);
    expect(codeOf(reply)).toBe(1001);
  });
});
