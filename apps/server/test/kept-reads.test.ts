import { describe, expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { InProcessCacheInvalidation } from '../src/cluster/cache-invalidation';
import { KeptReads } from '../src/cluster/kept-reads';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { givePhones, listPhones, myPhoneIds, OTHER_MOBILE, PHONE, usePhoneApp } from './helpers/phones';

const GRANT = '/api/device/grant';

// Issue 34: what every request reads and rarely changes is kept between requests; a change is seen at once.
describeEachDatabase('reads kept between requests', (open) => {
  const t = usePhoneApp(open);
  const tokenFor = (userPhoneId: number, token: string) =>
    t.call('POST', `${PHONE}/security-token?userPhoneId=${userPhoneId}`, { token });
  const statusOf = (userPhoneId: number, token: string) =>
    t.call('GET', `${PHONE}/status?userPhoneId=${userPhoneId}`, { token });

  it('refuses a grant taken back on the very next request: the list, the phone and its key', async () => {
    const [id] = await myPhoneIds(t);
    const { grantId } = dataOf<{ grantId: number }>(
      await t.call('POST', `${GRANT}/create`, {
        payload: { userPhoneId: id, account: OTHER_MOBILE, days: 7, permission: 'control' },
      }),
    );
    // Read as often as a client does, so whatever is kept holds the grant.
    for (let i = 0; i < 3; i++) {
      expect((await listPhones(t, '', { token: t.other.token })).list.map((p) => p.userPhoneId)).toEqual([id]);
      expect(codeOf(await statusOf(id!, t.other.token))).toBe(0);
      expect(dataOf<SecurityToken>(await tokenFor(id!, t.other.token)).permission).toBe('control');
      expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)?.authorized).toBe(true);
    }

    expect(codeOf(await t.call('PUT', `${GRANT}/revoke`, { payload: { grantId } }))).toBe(0);
    expect(await listPhones(t, '', { token: t.other.token })).toEqual({ list: [], total: 0 });
    expect(codeOf(await statusOf(id!, t.other.token))).toBe(ERRORS.phoneNotFound.code);
    expect(codeOf(await tokenFor(id!, t.other.token))).toBe(ERRORS.phoneNotFound.code);
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)?.authorized).toBe(false);
  });

  it('shows a grant taken back in another process (the admin CLI) once this server delivers its end to the host', async () => {
    const [id] = await myPhoneIds(t);
    const grant = await t.app.services.phoneGrants.grant(t.me.userId, id!, t.other.userId, 'view', 7);
    expect((await listPhones(t, '', { token: t.other.token })).total).toBe(1);
    // What another process writes: the grant ended and its end queued for the host, with no word to this one.
    await t.app.repos.transaction(async (tx) => {
      await tx.phoneGrants.end(grant.id, 'grant_revoked', t.clock.now());
      const phone = (await tx.userPhones.findById(id!))!;
      await tx.hostOutbox.add({
        kind: 'revoke',
        userPhoneId: id!,
        deviceHostId: phone.deviceHostId,
        instanceNo: phone.instanceNo,
        userId: t.other.userId,
        reason: 'grant_revoked',
        at: t.clock.now(),
      });
    });
    await t.app.services.hostDelivery.deliverPending();
    expect((await listPhones(t, '', { token: t.other.token })).total).toBe(0);
  });

  it('shows a phone busy on the very next list once it is locked, and free once unlocked', async () => {
    const [id] = await myPhoneIds(t);
    const statusInList = async () => (await listPhones(t)).list.find((p) => p.userPhoneId === id)?.status;
    const free = await statusInList();
    expect(free).not.toBe('resetting');
    await t.app.repos.transaction((tx) => t.app.services.phoneAccess.lock(tx, [id!], 'resetting', 'test', 60_000));
    expect(await statusInList()).toBe('resetting');
    await t.app.services.phoneAccess.unlock([id!], 'test');
    expect(await statusInList()).toBe(free);
  });

  it('counts phones given to a user on the very next full page of their list', async () => {
    expect((await listPhones(t, 'pageSize=2')).total).toBe(4);
    await givePhones(t, t.me, 2, 30);
    expect((await listPhones(t, 'pageSize=2')).total).toBe(6);
    expect((await listPhones(t, 'pageSize=2&pageNo=3')).list).toHaveLength(2);
  });

  it('refuses a session on the very next request once it is signed out, here or from another device', async () => {
    const other = (await t.api.loginOk()).accessToken;
    for (const token of [t.me.token, other]) expect((await listPhones(t, '', { token })).total).toBe(4);

    expect(codeOf(await t.call('POST', '/api/merchant/auth/logout'))).toBe(0);
    expect(codeOf(await t.call('GET', `${PHONE}/list`))).toBe(ERRORS.sessionInvalid.code);

    const second = (await t.api.loginOk()).accessToken;
    const devices = dataOf<{ sessionId: number; current: boolean }[]>(
      await t.call('GET', '/api/merchant/user/login-device/list', { token: second }),
    );
    const otherSession = devices.find((d) => !d.current)!.sessionId;
    expect(
      codeOf(
        await t.call('PUT', '/api/merchant/user/login-device/sign-out', {
          token: second,
          payload: { sessionId: otherSession },
        }),
      ),
    ).toBe(0);
    expect(codeOf(await t.call('GET', `${PHONE}/list`, { token: other }))).toBe(ERRORS.sessionInvalid.code);
    expect((await listPhones(t, '', { token: second })).total).toBe(4);
  });
});

// Issue 56: kept reads are bounded by time and by size, on the server's clock.
describe('a kept read', () => {
  const clock = { at: 1_000, now: () => clock.at };
  const counting = () => {
    let reads = 0;
    return {
      read: async () => ++reads,
      get count() {
        return reads;
      },
    };
  };

  it('is read again once its time has passed, by the server’s clock', async () => {
    const kept = new KeptReads<string, number>(new InProcessCacheInvalidation(), 'ttl', { keepMs: 5_000, clock });
    const source = counting();
    expect(await kept.get('a', source.read)).toBe(1);
    clock.at += 5_000;
    expect(await kept.get('a', source.read)).toBe(1);
    clock.at += 1;
    expect(await kept.get('a', source.read)).toBe(2);
  });

  it('drops the least recently read value first past its size', async () => {
    const kept = new KeptReads<string, string>(new InProcessCacheInvalidation(), 'size', { max: 2, clock });
    let reads = 0;
    const read = (value: string) => async () => {
      reads++;
      return value;
    };
    await kept.get('a', read('a'));
    await kept.get('b', read('b'));
    // "a" read again: "b" is now the least recently read, and goes when "c" comes.
    await kept.get('a', read('a'));
    await kept.get('c', read('c'));
    expect(reads).toBe(3);
    await kept.get('a', read('a'));
    expect(reads).toBe(3);
    await kept.get('b', read('b'));
    expect(reads).toBe(4);
  });
});
