import { expect, it } from 'vitest';
import { deriveSecretKey, hostCallHeaders, signSdkRequest } from '@cloudphone/contracts/access-key';
import { HOST_LOCK_PATH } from '@cloudphone/contracts/host-api';
import { ERRORS } from '@cloudphone/contracts/errors';
import { LOCK_REFUSAL, PHONE_LOCK_KIND_NAMES, PHONE_LOCK_KINDS } from '@cloudphone/contracts/phone-access';
import { SdkHeader, type SecurityToken } from '@cloudphone/contracts/sdk';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { givePhones, OTHER_MOBILE, PHONE, usePhoneApp } from './helpers/phones';

const EXCLUSIVE = PHONE_LOCK_KIND_NAMES.filter((kind) => PHONE_LOCK_KINDS[kind] === 'exclusive');

describeEachDatabase('locks that fit together (DESIGN §10)', (open) => {
  const t = usePhoneApp(open);

  async function onlinePhone() {
    const [phone] = await givePhones(t, t.me, 1, 30);
    t.clock.advance(4_000);
    return phone!;
  }

  const tokenOf = async (id: number) =>
    dataOf<SecurityToken>(await t.call('POST', `${PHONE}/security-token?userPhoneId=${id}`));

  /** An SDK call signed with the phone's key. */
  async function sdk(path: '/sdk/instance/reboot' | '/sdk/instance/reset', key: SecurityToken) {
    const body = JSON.stringify({ instanceNo: key.instanceNo });
    const time = String(t.clock.now());
    const secret = deriveSecretKey(t.host.options.hostKey, key.accessKey);
    return t.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SdkHeader.accessKey]: key.accessKey,
        [SdkHeader.requestTime]: time,
        [SdkHeader.signature]: signSdkRequest(secret, 'POST', path, time, body),
      },
    });
  }

  it('refuses SDK restart and reset, stream input and REST operations on a phone each exclusive lock holds', async () => {
    for (const kind of EXCLUSIVE) {
      const phone = await onlinePhone();
      const key = await tokenOf(phone.id);
      await t.app.repos.transaction((tx) =>
        t.app.services.phoneAccess.lock(tx, [phone.id], kind, `test:${kind}`, 60_000),
      );
      await t.app.services.hostDelivery.deliverPending();
      const refusal = ERRORS[LOCK_REFUSAL[kind]].code;
      expect(codeOf(await sdk('/sdk/instance/reboot', key)), `${kind} SDK reboot`).toBe(refusal);
      expect(codeOf(await sdk('/sdk/instance/reset', key)), `${kind} SDK reset`).toBe(refusal);
      expect(codeOf(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${phone.id}`)), `${kind} REST`).toBe(refusal);
      expect(t.host.input.apply(phone.instanceNo, { role: 'owner' }, { type: 'tap', x: 0.5, y: 0.5 })).toBe(
        LOCK_REFUSAL[kind],
      );
      // Freed, the phone takes input again, on the host as on the server.
      await t.app.services.phoneAccess.unlock([phone.id], `test:${kind}`);
      await t.app.services.hostDelivery.deliverPending();
      expect(t.host.input.apply(phone.instanceNo, { role: 'owner' }, { type: 'tap', x: 0.5, y: 0.5 })).toBeNull();
    }
  });

  it('refuses the SDK reset of a client whose reset function is off, as it refuses the REST reset', async () => {
    const phone = await onlinePhone();
    const key = await tokenOf(phone.id);
    const clientId = Number(t.api.headers['client-id']);
    await t.app.repos.clientFunctions.set(clientId, {
      key: 'reset_button',
      name: 'reset',
      props: {},
      enable: false,
      sort: 0,
    });
    expect(codeOf(await sdk('/sdk/instance/reset', key))).toBe(ERRORS.functionDisabled.code);
    expect(codeOf(await t.call('PUT', `${PHONE}/reset?userPhoneId=${phone.id}`))).toBe(ERRORS.functionDisabled.code);
    // What stays on still works through the SDK, decided by the server: a restart, then the throttle.
    expect(codeOf(await sdk('/sdk/instance/reboot', key))).toBe(0);
    t.clock.advance(1); // a request of its own, not a replay
    expect(codeOf(await sdk('/sdk/instance/reboot', key))).toBe(ERRORS.tooFrequent.code);
  });

  it('lets one of eight conflicting operations fired at once on one phone run', async () => {
    const phone = await onlinePhone();
    const [other] = await givePhones(t, t.me, 1, 30);
    t.clock.advance(4_000);
    const id = phone.id;
    const replies = await Promise.all([
      t.call('PUT', `${PHONE}/reset?userPhoneId=${id}`),
      t.call('PUT', `${PHONE}/set-root`, { payload: { userPhoneId: id, root: true } }),
      t.call('PUT', `${PHONE}/set-resolution`, { payload: { userPhoneId: id, width: 1080, height: 1920, dpi: 480 } }),
      t.call('POST', `${PHONE}/new-machine`, { payload: { userPhoneIds: [id] } }),
      t.call('POST', '/api/device/template/create', { payload: { userPhoneId: id, name: 'Race' } }),
      t.call('PUT', `${PHONE}/give`, { payload: { userPhoneIds: [id], account: OTHER_MOBILE } }),
      t.call('POST', `${PHONE}/replace-submit`, { payload: { userPhoneIds: [id], replaceType: 1 } }),
      t.call('POST', '/api/device/grant/create', {
        payload: { userPhoneId: other!.id, account: OTHER_MOBILE, days: 1, permission: 'view' },
      }),
    ]);
    // The last is on another phone: it runs beside them; of the seven on one phone, one runs.
    expect(codeOf(replies[7]!)).toBe(0);
    const ran = replies.slice(0, 7).filter((r) => codeOf(r) === 0);
    expect(ran, replies.map((r) => codeOf(r)).join(',')).toHaveLength(1);
    expect((await t.app.repos.phoneLocks.held([id], t.clock.now())).length).toBeLessThanOrEqual(1);
  });

  it('tells the host a phone’s locks with a version: a repeat or a late message changes nothing', async () => {
    const phone = await onlinePhone();
    await t.app.repos.transaction((tx) =>
      t.app.services.phoneAccess.lock(tx, [phone.id], 'cloning', 'clone:9', 60_000),
    );
    await t.app.services.hostDelivery.deliverPending();
    const locked = t.host.policies.version(phone.instanceNo);
    await t.app.services.phoneAccess.unlock([phone.id], 'clone:9');
    await t.app.services.hostDelivery.deliverPending();
    expect(t.host.policies.version(phone.instanceNo)).toBeGreaterThan(locked);
    // The locked state again, late (an older version), and the free one twice: the phone stays free.
    const expiresAt = t.clock.now() + 60_000;
    t.host.applyPhoneStates([
      { instanceNo: phone.instanceNo, version: locked, locks: [{ kind: 'cloning', holder: 'clone:9', expiresAt }] },
    ]);
    await t.app.services.hostDelivery.sendWholeState(phone.deviceHostId);
    await t.app.services.hostDelivery.sendWholeState(phone.deviceHostId);
    expect(t.host.input.apply(phone.instanceNo, { role: 'owner' }, { type: 'tap', x: 0.5, y: 0.5 })).toBeNull();
  });

  it('takes, renews and releases a host’s pushing lock, and refuses it under an exclusive lock (issue 51)', async () => {
    const phone = await onlinePhone();
    const key = await tokenOf(phone.id);
    const lockCall = (action: 'take' | 'renew' | 'release') => {
      const body = JSON.stringify({
        accessKey: key.accessKey,
        instanceNo: key.instanceNo,
        kind: 'pushing',
        action,
        holder: 'adb-push-1',
        ttlMs: 60_000,
      });
      const headers = hostCallHeaders(t.host.options.hostKey, 'POST', HOST_LOCK_PATH, body, t.clock.now());
      return t.app.inject({
        method: 'POST',
        url: HOST_LOCK_PATH,
        payload: body,
        headers: { ...headers, 'content-type': 'application/json' },
      });
    };
    const held = async () => (await t.app.repos.phoneLocks.held([phone.id], t.clock.now())).map((l) => l.kind);
    expect(dataOf(await lockCall('take'))).toEqual({ expiresAt: t.clock.now() + 60_000 });
    expect(await held()).toEqual(['pushing']);
    t.clock.advance(30_000);
    expect(dataOf(await lockCall('renew'))).toEqual({ expiresAt: t.clock.now() + 60_000 });
    expect(dataOf(await lockCall('release'))).toEqual({ expiresAt: null });
    expect(await held()).toEqual([]);

    await t.app.repos.transaction((tx) =>
      t.app.services.phoneAccess.lock(tx, [phone.id], 'cloning', 'test:clone', 60_000),
    );
    expect(codeOf(await lockCall('take'))).toBe(ERRORS[LOCK_REFUSAL.cloning].code);
    expect(await held()).toEqual(['cloning']);
  });
});
