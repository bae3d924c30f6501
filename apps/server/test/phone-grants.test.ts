import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { Grant } from '@cloudphone/contracts/grants';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { givePhones, listPhones, myPhoneIds, OTHER_MOBILE, PHONE, usePhoneApp } from './helpers/phones';
import { openStream } from './helpers/streams';

const GRANT = '/api/device/grant';

describeEachDatabase('phones granted to another account', (open) => {
  const t = usePhoneApp(open);
  const create = (payload: object, token = t.me.token) => t.call('POST', `${GRANT}/create`, { token, payload });
  const grantTo = async (permission: 'view' | 'control', days = 7, userPhoneId?: number) => {
    const id = userPhoneId ?? (await myPhoneIds(t))[0]!;
    return dataOf<{ grantId: number }>(await create({ userPhoneId: id, account: OTHER_MOBILE, days, permission }));
  };
  const tokenFor = (userPhoneId: number, token: string) =>
    t.call('POST', `${PHONE}/security-token?userPhoneId=${userPhoneId}&validTime=86400`, { token });

  it("lists a granted phone as be-authorized in the grantee's default group, and as authorized to its owner", async () => {
    const [id] = await myPhoneIds(t);
    await grantTo('view', 7, id);
    const theirs = await listPhones(t, '', { token: t.other.token });
    // Its time left is the grant's (issue 55): seven days, not the phone's own thirty.
    expect(theirs.list).toEqual([
      expect.objectContaining({
        userPhoneId: id,
        beAuthorized: true,
        authorized: false,
        groupId: 0,
        role: 'view',
        grantEndTime: t.clock.now() + 7 * 86_400_000,
      }),
    ]);
    const mine = (await listPhones(t)).list.find((p) => p.userPhoneId === id);
    expect(mine).toMatchObject({ authorized: true, beAuthorized: false, role: 'owner', grantEndTime: null });
    // Its group tab counts what it lists: the granted phone too.
    const groups = dataOf<{ groupId: number; count: number }[]>(
      await t.call('GET', '/api/device/phone-group/simple-list', { token: t.other.token }),
    );
    expect(groups.find((g) => g.groupId === 0)?.count).toBe(theirs.total);

    const out = dataOf<{ list: Grant[] }>(await t.call('GET', `${GRANT}/page?side=out`));
    expect(out.list).toEqual([
      expect.objectContaining({
        userPhoneId: id,
        permission: 'view',
        days: 7,
        status: 'active',
        account: '137****2222',
      }),
    ]);
    const held = dataOf<{ list: Grant[] }>(await t.call('GET', `${GRANT}/page?side=in`, { token: t.other.token }));
    expect(held.list).toEqual([expect.objectContaining({ userPhoneId: id, account: '138****0000', grantCode: null })]);
  });

  it('grants to an account named by its UID, and refuses unknown accounts and oneself', async () => {
    const [id, second] = await myPhoneIds(t);
    const uid = (await t.app.repos.users.findById(t.other.userId))!.userNo;
    expect(codeOf(await create({ userPhoneId: id, account: uid, days: 3, permission: 'control' }))).toBe(0);
    const unknown = await create({ userPhoneId: second, account: '13999999999', days: 3, permission: 'view' });
    expect(codeOf(unknown)).toBe(ERRORS.grantAccountNotFound.code);
    const self = await create({ userPhoneId: second, account: '13800000000', days: 3, permission: 'view' });
    expect(codeOf(self)).toBe(ERRORS.grantToSelf.code);
    const blank = await create({ userPhoneId: second, account: '  ', days: 3, permission: 'view' });
    expect(envelope(blank).msg).toBe(ERRORS.grantAccountRequired['zh-CN']);
  });

  it('refuses days 0, 1000 and 1.5, and days beyond the phone’s remaining time; a grant ends with the phone', async () => {
    const [id, , , trial] = await myPhoneIds(t);
    for (const days of [0, 1000, 1.5]) {
      const refused = envelope(await create({ userPhoneId: id, account: OTHER_MOBILE, days, permission: 'view' }));
      expect(refused.code).toBe(ERRORS.invalidParameter.code);
      expect(refused.msg).toBe(ERRORS.grantInvalid['zh-CN']);
    }
    // 30 days rented, a little of it gone: 30 still fits ("29 d 23 h" left), 31 does not.
    t.clock.advance(60_000);
    const beyond = await create({ userPhoneId: id, account: OTHER_MOBILE, days: 31, permission: 'view' });
    expect(codeOf(beyond)).toBe(ERRORS.grantInvalid.code);
    // A trial phone has no privileges until renewed (spec §4): no grant at all.
    const trialGrant = await create({ userPhoneId: trial, account: OTHER_MOBILE, days: 1, permission: 'view' });
    expect(codeOf(trialGrant)).toBe(ERRORS.trialNeedsRenewal.code);
    const { grantId } = await grantTo('view', 30, id);
    const phone = (await t.app.repos.userPhones.findById(id!))!;
    expect((await t.app.repos.phoneGrants.findById(grantId))!.expireTime).toBe(phone.expireTime);

    // A renewal after the grant does not lengthen it (spec §6).
    await t.app.repos.userPhones.extend(id!, t.clock.now(), 30 * DAY);
    await t.travel(30 * DAY);
    expect((await listPhones(t, '', { token: t.other.token })).total).toBe(0);
    expect(codeOf(await tokenFor(id!, t.other.token))).toBe(ERRORS.phoneNotFound.code);
  });

  it('authorises at most 20 phones to one account: 50 parallel grants give exactly 20', async () => {
    const phones = await givePhones(t, t.me, 50, 30);
    const replies = await Promise.all(
      phones.map((p) => create({ userPhoneId: p.id, account: OTHER_MOBILE, days: 5, permission: 'view' })),
    );
    const codes = replies.map(codeOf);
    expect(codes.filter((c) => c === 0)).toHaveLength(20);
    expect(codes.filter((c) => c !== 0)).toEqual(Array(30).fill(ERRORS.grantLimit.code));
    expect((await listPhones(t, 'pageSize=100', { token: t.other.token })).total).toBe(20);
  });

  it('keeps one live grant per phone, even when grants race', async () => {
    const [id] = await myPhoneIds(t);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => create({ userPhoneId: id, days: 5, permission: 'view' })),
    );
    expect(replies.map(codeOf).filter((c) => c === 0)).toHaveLength(1);
    expect(replies.map(codeOf).filter((c) => c === ERRORS.grantExists.code)).toHaveLength(9);
  });

  it('grants by code: the code is redeemed once, cleared for a new one, and cancelled', async () => {
    const [id] = await myPhoneIds(t);
    const made = dataOf<{ grantId: number; grantCode: string }>(
      await create({ userPhoneId: id, days: 3, permission: 'control' }),
    );
    expect(made.grantCode).toMatch(/^[A-Z2-9]{10}$/);
    const waiting = dataOf<Grant>(await t.call('GET', `${GRANT}/get?grantId=${made.grantId}`));
    expect(waiting).toMatchObject({ status: 'waiting', grantCode: made.grantCode, account: null, days: 3 });
    const useCode = (grantCode: string, token = t.other.token) =>
      t.call('POST', `${GRANT}/use-code`, { token, payload: { grantCode } });

    expect(codeOf(await useCode(made.grantCode, t.me.token))).toBe(ERRORS.grantToSelf.code);
    expect(dataOf(await useCode(made.grantCode.toLowerCase()))).toEqual({ grantId: made.grantId, userPhoneId: id });
    expect(dataOf<SecurityToken>(await tokenFor(id!, t.other.token)).permission).toBe('control');
    expect(codeOf(await useCode(made.grantCode))).toBe(ERRORS.grantCodeInvalid.code);

    // Cleared: a new code, and whoever redeemed the old one holds the phone no more.
    const cleared = dataOf<{ grantCode: string }>(
      await t.call('PUT', `${GRANT}/code/clear`, { payload: { grantId: made.grantId } }),
    );
    expect(cleared.grantCode).not.toBe(made.grantCode);
    expect(codeOf(await tokenFor(id!, t.other.token))).toBe(ERRORS.phoneNotFound.code);
    expect(codeOf(await useCode(made.grantCode))).toBe(ERRORS.grantCodeInvalid.code);

    // Cancelled: the code is void.
    expect(codeOf(await t.call('PUT', `${GRANT}/code/cancel`, { payload: { grantId: made.grantId } }))).toBe(0);
    expect(codeOf(await useCode(cleared.grantCode))).toBe(ERRORS.grantCodeInvalid.code);
    expect(dataOf<{ total: number }>(await t.call('GET', `${GRANT}/page?side=out`)).total).toBe(0);
  });

  it('closes the grantee’s open stream within a second of a take-back and refuses its old key', async () => {
    const [id] = await myPhoneIds(t);
    const { grantId } = await grantTo('control');
    const token = dataOf<SecurityToken>(await tokenFor(id!, t.other.token));
    const viewer = await openStream(t, token);
    const owner = await openStream(t, dataOf<SecurityToken>(await tokenFor(id!, t.me.token)));

    t.clock.advance(1); // the test clock stands still: access ends after the key was issued
    expect(codeOf(await t.call('PUT', `${GRANT}/revoke`, { payload: { grantId } }))).toBe(0);
    await viewer.until(() => viewer.closeCode !== undefined, 1_000);
    expect(viewer.messages).toContainEqual({ type: 'closed', reason: 'revoked' });
    expect(t.host.access.check(token.accessKey, token.instanceNo)).toBe('revoked');
    expect(owner.closeCode).toBeUndefined();
    expect(codeOf(await tokenFor(id!, t.other.token))).toBe(ERRORS.phoneNotFound.code);
    expect(codeOf(await t.call('PUT', `${GRANT}/revoke`, { payload: { grantId } }))).toBe(ERRORS.grantNotFound.code);
    owner.close();
  });

  it('ends a cancelled account’s grants both ways, and its keys: granted out and granted to it', async () => {
    const [mine, second] = await myPhoneIds(t);
    await grantTo('control', 7, mine);
    const [theirs] = await givePhones(t, t.other, 1, 30);
    await t.app.services.phoneGrants.grant(t.other.userId, theirs!.id, t.me.userId, 'view', 7);
    const myKeys = [
      dataOf<SecurityToken>(await tokenFor(second!, t.me.token)),
      dataOf<SecurityToken>(await tokenFor(theirs!.id, t.me.token)),
    ];
    const grantedKey = dataOf<SecurityToken>(await tokenFor(mine!, t.other.token));
    // The grantee sees the owner's details of the phone too (get-extend-batch, through the policy).
    const details = await t.call('GET', `${PHONE}/get-extend-batch?userPhoneIds=${mine}`, { token: t.other.token });
    expect(dataOf<{ userPhoneId: number }[]>(details).map((d) => d.userPhoneId)).toEqual([mine]);

    t.clock.advance(1);
    await t.app.services.users.unregister(
      {
        userId: t.me.userId,
        tenantId: t.me.tenantId,
        clientId: Number(t.api.headers['client-id']),
        sessionId: 0,
        language: null,
      },
      await t.api.freshOwnCode(t.me.token, '13800000000', 4),
    );
    await t.app.services.hostDelivery.deliverPending();
    for (const key of [...myKeys, grantedKey])
      expect(t.host.access.check(key.accessKey, key.instanceNo)).toBe('revoked');
    expect((await listPhones(t, '', { token: t.other.token })).list.map((p) => p.userPhoneId)).toEqual([theirs!.id]);
    expect(
      dataOf<{ total: number }>(await t.call('GET', `${GRANT}/page?side=out`, { token: t.other.token })).total,
    ).toBe(0);
  });

  it('lets a view grant watch the owner’s actions but never send input', async () => {
    const [id] = await myPhoneIds(t);
    await grantTo('view');
    t.clock.advance(4_000); // past booting
    const view = await openStream(t, dataOf<SecurityToken>(await tokenFor(id!, t.other.token)));
    const phone = t.host.fleet.get((await t.app.repos.userPhones.findById(id!))!.instanceNo)!;

    view.send({ type: 'tap', x: 0.625, y: 0.347 }); // the Notes icon
    view.send({ type: 'text', text: 'not mine to type' });
    view.send({ type: 'clipboard-set', text: 'nor this' });
    view.send({ type: 'ping', t: 1 });
    await view.until(() => view.messages.some((m) => m.type === 'pong'));
    expect(phone.state.screenStack).toEqual(['launcher']);
    expect(phone.state.clipboard).toBe('');
    const reboot = await t.call('PUT', `${PHONE}/reboot?userPhoneId=${id}`, { token: t.other.token });
    expect(codeOf(reboot)).toBe(ERRORS.forbidden.code);

    // The owner keeps control, and the grantee sees what the owner does.
    const owner = await openStream(t, dataOf<SecurityToken>(await tokenFor(id!, t.me.token)));
    const seen = view.frames;
    owner.send({ type: 'tap', x: 0.625, y: 0.347 });
    await view.until(() => view.frames > seen);
    expect(phone.state.screenStack).toEqual(['launcher', 'notes']);
    owner.close();
    view.close();
  });

  it('refuses the grantee what is the owner’s alone: transfer, upgrade, sync, rename, grant, replace', async () => {
    const [id] = await myPhoneIds(t);
    await grantTo('control');
    const asGrantee = { token: t.other.token };
    const upgrade = await t.call('POST', '/api/trade/order/quote', {
      ...asGrantee,
      payload: { skuType: 'upgrade', userPhoneId: id, gradeId: 2, couponId: null },
    });
    expect(codeOf(upgrade)).toBe(ERRORS.authorizedDeviceRestricted.code);
    const rename = await t.call('PUT', `${PHONE}/rename`, { ...asGrantee, payload: { userPhoneId: id, name: 'x' } });
    expect(codeOf(rename)).toBe(ERRORS.authorizedDeviceRestricted.code);
    const regrant = await create({ userPhoneId: id, days: 1, permission: 'view' }, t.other.token);
    expect(codeOf(regrant)).toBe(ERRORS.authorizedDeviceRestricted.code);
    const replace = await t.call('POST', `${PHONE}/replace-submit`, {
      ...asGrantee,
      payload: { userPhoneIds: [id], replaceType: 1 },
    });
    expect(codeOf(replace)).toBe(ERRORS.authorizedDeviceRestricted.code);
    // Transfer and sync control are the owner's alone in the access table.
    const grantee = { userId: t.other.userId, tenantId: t.other.tenantId, clientId: 1, sessionId: 0, language: null };
    for (const action of ['transfer', 'sync'] as const)
      await expect(t.app.services.phoneAccess.gate(grantee, action).check(id!)).rejects.toMatchObject({
        key: 'authorizedDeviceRestricted',
      });
    // A control grant still operates the phone.
    t.clock.advance(4_000);
    expect(codeOf(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${id}`, asGrantee))).toBe(0);
  });

  it('ends every grant of a phone when it changes hands, with the grantees’ access', async () => {
    const [id] = await myPhoneIds(t);
    await grantTo('view');
    const token = dataOf<SecurityToken>(await tokenFor(id!, t.other.token));
    t.clock.advance(1);
    await t.app.repos.transaction((tx) => t.app.services.phoneGrants.endAllOf(id!, 'transfer', tx));
    await t.app.services.endOfAccess.deliverPending();
    expect(t.host.access.check(token.accessKey, token.instanceNo)).toBe('revoked');
    expect((await listPhones(t, '', { token: t.other.token })).total).toBe(0);
    expect(codeOf(await create({ userPhoneId: id, account: OTHER_MOBILE, days: 1, permission: 'view' }))).toBe(0);
    // The same through the repository, for a change that ends everyone's access itself.
    const ended = await t.app.repos.phoneGrants.revokeAllOf([id!], t.clock.now());
    expect(ended).toEqual([expect.objectContaining({ userPhoneId: id, live: false })]);
    expect((await listPhones(t, '', { token: t.other.token })).total).toBe(0);
  });

  it('refuses grants while the client has switched grants off', async () => {
    const [id] = await myPhoneIds(t);
    const clientId = Number(t.api.headers['client-id']);
    await t.app.repos.clientFunctions.set(clientId, {
      key: 'auth_button',
      name: 'auth_button',
      props: {},
      enable: false,
      sort: 0,
    });
    const refused = await create({ userPhoneId: id, account: OTHER_MOBILE, days: 1, permission: 'view' });
    expect(codeOf(refused)).toBe(ERRORS.functionDisabled.code);
  });
});
