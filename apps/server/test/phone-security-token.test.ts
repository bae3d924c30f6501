import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { SecurityToken, ViewKey } from '@cloudphone/contracts/sdk';
import { DAY, MINUTE } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { givePhones, instanceOf, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

describeEachDatabase('phone security token', (open) => {
  const t = usePhoneApp(open);

  const securityToken = (userPhoneId: number, query = '', token?: string) =>
    t.call('POST', `${PHONE}/security-token?userPhoneId=${userPhoneId}${query}`, { token });

  it('gives the access and secret keys, stream and SDK URLs of an own phone', async () => {
    const [id] = await myPhoneIds(t);
    const instanceNo = await instanceOf(t, id!);
    const token = dataOf<SecurityToken>(await securityToken(id!));
    expect(token).toEqual({
      accessKey: expect.any(String),
      secretKey: expect.any(String),
      expireTime: t.clock.now() + DAY,
      sdkUrl: expect.stringMatching(/^http:\/\/.+\/sdk$/),
      streamUrl: expect.stringMatching(/^ws:\/\//),
      instanceNo,
      permission: 'control',
    });
    expect(token.streamUrl).toContain(`/stream/${instanceNo}?accessKey=`);
    expect(new URL(token.streamUrl).searchParams.get('accessKey')).toBe(token.accessKey);
    expect(token.secretKey).not.toBe(token.accessKey);

    // The host accepts the key for this phone only.
    expect(t.host.access.check(token.accessKey, instanceNo)).toMatchObject({ p: 'control' });
    const [, second] = await myPhoneIds(t);
    expect(typeof t.host.access.check(token.accessKey, await instanceOf(t, second!))).toBe('string');
  });

  it('gives view keys of many phones in one call: they watch but never control, and leave out phones not the caller’s', async () => {
    const ids = await myPhoneIds(t);
    const [theirs] = await givePhones(t, t.other, 1, 30);
    const reply = await t.call('POST', `${PHONE}/security-token/batch`, {
      payload: { userPhoneIds: [...ids, theirs!.id, ids[0]!] },
    });
    const keys = dataOf<ViewKey[]>(reply);
    expect(keys.map((k) => k.userPhoneId)).toEqual(ids);
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(['accessKey', 'expireTime', 'permission', 'streamUrl', 'userPhoneId']);
      expect(key.permission).toBe('view');
      // The host takes it as a viewer's key, whoever holds the phone: input is refused.
      expect(t.host.access.check(key.accessKey, await instanceOf(t, key.userPhoneId))).toMatchObject({
        p: 'view',
        r: 'view',
      });
    }
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    const refused = await t.call('POST', `${PHONE}/security-token/batch`, { payload: { userPhoneIds: tooMany } });
    expect(codeOf(refused)).toBe(ERRORS.invalidParameter.code);
  });

  it('follows the forwarded protocol: wss and https behind a TLS proxy', async () => {
    const [id] = await myPhoneIds(t);
    const reply = await t.call('POST', `${PHONE}/security-token?userPhoneId=${id}`, {
      headers: { 'x-forwarded-proto': 'https', host: 'cloud.example.com' },
    });
    const token = dataOf<SecurityToken>(reply);
    expect(token.sdkUrl).toBe('https://cloud.example.com/sdk');
    expect(token.streamUrl.startsWith('wss://cloud.example.com/stream/')).toBe(true);
  });

  it('never lets the token outlive the phone, and honours a shorter valid time', async () => {
    const trial = (await myPhoneIds(t))[3]!;
    const expiry = (await t.app.repos.userPhones.findById(trial))!.expireTime;
    await t.travel(DAY / 2);
    expect(dataOf<SecurityToken>(await securityToken(trial)).expireTime).toBe(expiry);
    const short = dataOf<SecurityToken>(await securityToken(trial, '&validTime=600'));
    expect(short.expireTime).toBe(t.clock.now() + 600_000);
    expect(short.expireTime).toBeLessThanOrEqual(expiry);
  });

  it("answers 1322 for another user's phone", async () => {
    const [theirs] = await givePhones(t, t.other, 1, 30);
    expect(envelope(await securityToken(theirs!.id))).toEqual({
      code: ERRORS.phoneNotFound.code,
      msg: ERRORS.phoneNotFound['zh-CN'],
      data: null,
    });
    expect(codeOf(await securityToken(theirs!.id, '', t.other.token))).toBe(0);
  });

  it('refuses a phone with under 10 minutes left (1304), then an expired one (1305)', async () => {
    const trial = (await myPhoneIds(t))[3]!;
    await t.travel(DAY - 10 * MINUTE);
    expect(codeOf(await securityToken(trial))).toBe(0);
    t.clock.advance(1);
    expect(codeOf(await securityToken(trial))).toBe(ERRORS.deviceValidityTooShort.code);
    t.clock.advance(10 * MINUTE);
    expect(codeOf(await securityToken(trial))).toBe(ERRORS.deviceExpired.code);
  });

  it('refuses a valid time outside 60 s – 1 day as an invalid parameter', async () => {
    const [id] = await myPhoneIds(t);
    expect(codeOf(await securityToken(id!, '&validTime=59'))).toBe(1001);
    expect(codeOf(await securityToken(id!, '&validTime=86401'))).toBe(1001);
  });
});
