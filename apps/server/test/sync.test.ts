import { expect, it } from 'vitest';
import { readAccessKey } from '@cloudphone/contracts/access-key';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import type { LiveEvent } from '@cloudphone/contracts/live-events';
import type { SyncSession } from '@cloudphone/contracts/sync';
import { SYNC_MAIN_IDLE_MS } from '../src/services/phones/operations/sync.service';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { givePhones, listPhones, OTHER_MOBILE, PHONE, usePhoneApp } from './helpers/phones';

const SYNC = '/api/device/sync';

describeEachDatabase('sync control sessions (issue 26)', (open) => {
  const t = usePhoneApp(open);

  const create = (mainUserPhoneId: number, followerUserPhoneIds: number[]) =>
    t.call('POST', `${SYNC}/create`, { payload: { mainUserPhoneId, followerUserPhoneIds } });
  const started = async (main: number, followers: number[]) =>
    dataOf<{ syncId: string }>(await create(main, followers)).syncId;
  const update = (payload: object) => t.call('PUT', `${SYNC}/update`, { payload });
  const phones = async (count: number, trial = false) => (await givePhones(t, t.me, count, 30, trial)).map((p) => p.id);

  it('refuses 21 phones, and a granted, a trial, a granted-out and a busy phone', async () => {
    const [main, ...rest] = await phones(21);
    expect(codeOf(await create(main!, rest))).toBe(ERRORS.syncTooMany.code);

    const [theirs] = await givePhones(t, t.other, 1, 30);
    await t.app.services.phoneGrants.grant(t.other.userId, theirs!.id, t.me.userId, 'control', 10);
    expect(codeOf(await create(main!, [theirs!.id]))).toBe(ERRORS.authorizedDeviceRestricted.code);
    const [trial] = await phones(1, true);
    expect(codeOf(await create(main!, [trial!]))).toBe(ERRORS.trialNeedsRenewal.code);
    await t.app.services.phoneGrants.grant(t.me.userId, rest[0]!, t.other.userId, 'view', 10);
    expect(codeOf(await create(main!, [rest[0]!]))).toBe(ERRORS.grantExists.code);
    await t.app.repos.transaction((tx) =>
      t.app.services.phoneAccess.lock(tx, [rest[1]!], 'cloning', 'clone:1', 60_000),
    );
    expect(codeOf(await create(main!, [rest[1]!]))).toBe(ERRORS.deviceCloning.code);
    // Nothing of a refused session stays: its phones are free.
    expect(await t.app.repos.phoneLocks.held([main!], t.clock.now())).toEqual([]);
    expect(dataOf<SyncSession[]>(await t.call('GET', `${SYNC}/list`))).toEqual([]);
  });

  it('keeps a phone in sync from transfer, restart alone and replacement; a push still reaches it', async () => {
    const [main, follower] = await phones(2);
    await started(main!, [follower!]);
    const inSync = ERRORS.deviceInSync.code;
    expect(
      codeOf(await t.call('PUT', `${PHONE}/give`, { payload: { userPhoneIds: [follower], account: OTHER_MOBILE } })),
    ).toBe(inSync);
    expect(codeOf(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${follower}`))).toBe(inSync);
    expect(
      codeOf(await t.call('POST', `${PHONE}/replace-submit`, { payload: { userPhoneIds: [main], replaceType: 1 } })),
    ).toBe(inSync);
    // A push is shared work: allowed, and its lock fits beside the session's.
    await t.app.services.phoneAccess
      .gate({ userId: t.me.userId, tenantId: t.me.tenantId, clientId: 1, sessionId: 0, language: null }, 'push')
      .check(follower!);
    await t.app.repos.transaction((tx) =>
      t.app.services.phoneAccess.lock(tx, [follower!], 'pushing', 'push:1', 60_000),
    );
    const listed = (await listPhones(t)).list.find((p) => p.userPhoneId === main)!;
    expect(listed.status).toBe('syncing');
  });

  it('adds, pauses and drops followers; the main cannot leave; ending frees every phone', async () => {
    const [main, a, b] = await phones(3);
    const syncId = await started(main!, [a!]);
    expect(codeOf(await update({ syncId, remove: [main] }))).toBe(ERRORS.mainDeviceCannotCancelSync.code);
    expect(codeOf(await update({ syncId, pause: [main] }))).toBe(ERRORS.mainDeviceCannotCancelSync.code);
    const changed = dataOf<SyncSession>(await update({ syncId, add: [b], pause: [a] }));
    expect(changed.members.map((m) => [m.userPhoneId, m.role, m.paused])).toEqual([
      [main, 'main', false],
      [a, 'follower', true],
      [b, 'follower', false],
    ]);
    const swapped = dataOf<SyncSession>(await update({ syncId, mainUserPhoneId: b, remove: [main] }));
    expect(swapped.mainUserPhoneId).toBe(b);
    t.clock.advance(11_000); // past booting: a removed phone is operated alone again
    expect(codeOf(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${main}`))).toBe(0);
    expect(dataOf<SyncSession[]>(await t.call('GET', `${SYNC}/list`)).map((s) => s.syncId)).toEqual([syncId]);

    expect(codeOf(await t.call('PUT', `${SYNC}/end`, { payload: { syncId } }))).toBe(0);
    expect(await t.app.repos.phoneLocks.held([main!, a!, b!], t.clock.now())).toEqual([]);
    expect(codeOf(await t.call('GET', `${SYNC}/get?syncId=${syncId}`))).toBe(ERRORS.syncNotFound.code);
    // Another user's session does not exist for them.
    const other = await started(a!, [b!]);
    expect(codeOf(await t.call('GET', `${SYNC}/get?syncId=${other}`, { token: t.other.token }))).toBe(
      ERRORS.syncNotFound.code,
    );
  });

  it('replays the main’s input on the active followers, on the host, only for keys issued in the session', async () => {
    const [main, a, b] = await phones(3);
    t.clock.advance(4_000); // past booting
    const before = dataOf<SecurityToken>(await t.call('POST', `${PHONE}/security-token?userPhoneId=${main}`));
    const syncId = await started(main!, [a!, b!]);
    await update({ syncId, pause: [b] });
    await t.app.services.hostDelivery.deliverPending();
    const key = dataOf<SecurityToken>(await t.call('POST', `${PHONE}/security-token?userPhoneId=${main}`));
    const claimsOf = (token: SecurityToken) => readAccessKey(t.host.options.hostKey, token.accessKey)!;
    expect(claimsOf(key).s).toBe(syncId);
    expect(claimsOf(before).s).toBeUndefined();

    const instance = async (id: number) => (await t.app.repos.userPhones.findById(id))!.instanceNo;
    const clipboard = async (id: number) => t.host.fleet.get(await instance(id))!.clipboard;
    const paste = { type: 'clipboard-set', text: 'from the main' } as const;
    // A key from before the session drives nothing; the session's key drives the main and its active follower.
    expect(t.host.input.apply(await instance(main!), { role: 'owner' }, paste)).toBe('deviceInSync');
    expect(t.host.input.apply(await instance(main!), { role: 'owner', syncId: claimsOf(key).s }, paste)).toBeNull();
    expect([await clipboard(main!), await clipboard(a!), await clipboard(b!)]).toEqual([
      'from the main',
      'from the main',
      '',
    ]);
    // A follower's key carries no session (issue 54): a follower takes input only from the main. Its own
    // view is told it follows (the web names the main and offers a pause); paused, it is its owner's again.
    const followerKey = dataOf<SecurityToken>(await t.call('POST', `${PHONE}/security-token?userPhoneId=${a}`));
    expect(claimsOf(followerKey).s).toBeUndefined();
    const own = { type: 'clipboard-set', text: 'its own' } as const;
    expect(t.host.input.apply(await instance(a!), { role: 'owner' }, own)).toBe('syncFollowing');
    expect(t.host.input.apply(await instance(b!), { role: 'owner' }, own)).toBeNull();
    expect(await clipboard(b!)).toBe('its own');
    // Each follower's host tells how it keeps up: applied, and offline while it restarts.
    const told: LiveEvent[] = [];
    const stop = t.app.services.events.subscribe(t.me.userId, (event) => told.push(event));
    t.host.fleet.reboot(await instance(a!));
    expect(t.host.input.apply(await instance(main!), { role: 'owner', syncId }, paste)).toBeNull();
    await expect.poll(() => told).toContainEqual({ type: 'sync.follower', syncId, userPhoneId: a, state: 'offline' });
    stop();
    // A phone out of the session follows no more.
    await update({ syncId, remove: [a] });
    await t.app.services.hostDelivery.deliverPending();
    const again = { type: 'clipboard-set', text: 'second' } as const;
    expect(t.host.input.apply(await instance(main!), { role: 'owner', syncId }, again)).toBeNull();
    expect(await clipboard(a!)).toBe('from the main');
  });

  it('ends a session whose main has had no stream open for ten minutes, and frees its phones', async () => {
    const [main, follower] = await phones(2);
    await started(main!, [follower!]);
    await t.travel(SYNC_MAIN_IDLE_MS / 2);
    expect(await t.app.services.sync.heartbeat()).toBe(0);
    // Its locks outlive their own time while the heartbeat renews them.
    expect(await t.app.repos.phoneLocks.held([main!, follower!], t.clock.now())).toHaveLength(2);
    await t.travel(SYNC_MAIN_IDLE_MS / 2);
    expect(await t.app.services.sync.heartbeat()).toBe(1);
    expect(await t.app.repos.phoneLocks.held([main!, follower!], t.clock.now())).toEqual([]);
    expect(dataOf<SyncSession[]>(await t.call('GET', `${SYNC}/list`))).toEqual([]);
  });
});
