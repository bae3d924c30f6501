import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { listPhones, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

describeEachDatabase('phones granted to another account', (open) => {
  const t = usePhoneApp(open);
  const grant = async (permission: 'view' | 'control', days = 7) => {
    const [id] = await myPhoneIds(t);
    return t.app.services.phoneGrants.grant(t.me.userId, id!, t.other.userId, permission, days);
  };
  const tokenFor = (userPhoneId: number, token: string) =>
    t.call('POST', `${PHONE}/security-token?userPhoneId=${userPhoneId}&validTime=86400`, { token });

  it("shows a granted phone in the grantee's default group as be-authorized, and as authorized to its owner", async () => {
    const granted = await grant('view');
    const theirs = await listPhones(t, '', { token: t.other.token });
    expect(theirs.list).toEqual([
      expect.objectContaining({ userPhoneId: granted.userPhoneId, beAuthorized: true, authorized: false, groupId: 0 }),
    ]);
    const byGroup = dataOf<{ total: number }>(await t.call('GET', `${PHONE}/list?groupId=0`, { token: t.other.token }));
    expect(byGroup.total).toBe(1);
    const mine = (await listPhones(t)).list.find((p) => p.userPhoneId === granted.userPhoneId);
    expect(mine).toMatchObject({ authorized: true, beAuthorized: false });
  });

  it('hands the grantee a view-only token that ends with the grant, and no power operations', async () => {
    const granted = await grant('view', 1);
    await t.travel(DAY / 2);
    const token = dataOf<SecurityToken>(await tokenFor(granted.userPhoneId, t.other.token));
    expect(token.permission).toBe('view');
    expect(token.expireTime).toBe(granted.expireTime);
    const reboot = await t.call('PUT', `${PHONE}/reboot?userPhoneId=${granted.userPhoneId}`, { token: t.other.token });
    expect(codeOf(reboot)).toBe(ERRORS.forbidden.code);
    expect(dataOf<SecurityToken>(await tokenFor(granted.userPhoneId, t.me.token)).permission).toBe('control');
  });

  it('gives a control grant a control token and the power operations, but not the owner’s', async () => {
    const granted = await grant('control');
    expect(dataOf<SecurityToken>(await tokenFor(granted.userPhoneId, t.other.token)).permission).toBe('control');
    t.clock.advance(4_000); // past booting
    const asGrantee = { token: t.other.token };
    expect(codeOf(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${granted.userPhoneId}`, asGrantee))).toBe(0);
    const rename = await t.call('PUT', `${PHONE}/rename`, {
      ...asGrantee,
      payload: { userPhoneId: granted.userPhoneId, name: 'mine now' },
    });
    expect(codeOf(rename)).toBe(ERRORS.authorizedDeviceRestricted.code);
  });

  it('ends access when the grant is taken back or runs out', async () => {
    const granted = await grant('view', 1);
    await t.app.services.phoneGrants.revoke(granted);
    expect((await listPhones(t, '', { token: t.other.token })).total).toBe(0);
    expect(codeOf(await tokenFor(granted.userPhoneId, t.other.token))).toBe(ERRORS.phoneNotFound.code);

    await grant('view', 1);
    await t.travel(DAY);
    expect((await listPhones(t, '', { token: t.other.token })).total).toBe(0);
  });

  it('refuses grants beyond the phone’s remaining time or outside 1–999 days', async () => {
    const [id, , , trial] = await myPhoneIds(t);
    const grants = t.app.services.phoneGrants;
    await expect(grants.grant(t.me.userId, trial!, t.other.userId, 'view', 2)).rejects.toMatchObject({
      key: 'grantInvalid',
    });
    await expect(grants.grant(t.me.userId, id!, t.other.userId, 'view', 0)).rejects.toMatchObject({
      key: 'grantInvalid',
    });
    await expect(grants.grant(t.other.userId, id!, t.me.userId, 'view', 1)).rejects.toMatchObject({
      key: 'phoneNotFound',
    });
  });
});
