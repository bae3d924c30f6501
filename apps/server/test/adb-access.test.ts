import { describe, expect, it, vi } from 'vitest';
import { AdbRepository } from '../src/repositories/adb.repository';
import { ADB_KEYS_MAX } from '@cloudphone/contracts/adb';
import { ERRORS } from '@cloudphone/contracts/errors';
import { newAdbPublicKey } from './helpers/adb-keys';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { givePhones, usePhoneApp, type PhoneContext } from './helpers/phones';

const ADB = '/api/device/adb';
const KEYS = '/api/merchant/user/adb-key';
/** Two ports of a range no other test uses: the embedded host listens on them on this machine. */
const FROM = 20_000 + Math.floor(Math.random() * 20_000);
const RANGE = { address: 'adb.example.test', ports: { from: FROM, to: FROM + 1 } };

type Access = { enabled: boolean; host: string | null; port: number | null };

/** The embedded host's ADB range, as a host that joined would register it. */
async function giveHostAdbRange(t: PhoneContext): Promise<void> {
  await t.app.repos.deviceHosts.register('embedded', '', RANGE, t.clock.now());
}

describeEachDatabase('ADB access (issue 35)', (open, database) => {
  const t = usePhoneApp(open);
  const enable = (id: number, token = t.me.token) =>
    t.call('POST', `${ADB}/enable`, { token, payload: { userPhoneId: id } });
  const get = async (id: number, token = t.me.token) =>
    dataOf<Access>(await t.call('GET', `${ADB}/get?userPhoneId=${id}`, { token }));

  it('opens a port of the host’s range for the owner, tells the host, and closes it when switched off', async () => {
    await giveHostAdbRange(t);
    const [first, second, third] = await givePhones(t, t.me, 3, 30);
    await t.call('POST', `${KEYS}/add`, { payload: { name: 'Laptop', publicKey: newAdbPublicKey() } });

    expect(dataOf<Access>(await enable(first!.id))).toEqual({ enabled: true, host: RANGE.address, port: FROM });
    expect(dataOf<Access>(await enable(first!.id)), 'asking again answers the same port').toMatchObject({
      port: FROM,
    });
    expect(dataOf<Access>(await enable(second!.id))).toMatchObject({ port: FROM + 1 });
    expect(codeOf(await enable(third!.id))).toBe(ERRORS.adbPortsExhausted.code);
    expect(await get(first!.id)).toEqual({ enabled: true, host: RANGE.address, port: FROM });

    // The host heard the endpoint, and hears it closed.
    await expect.poll(() => t.host.adb.port(first!.instanceNo)).toBe(FROM);
    const off = await t.call('PUT', `${ADB}/disable`, { payload: { userPhoneId: first!.id } });
    expect(dataOf<Access>(off)).toEqual({ enabled: false, host: null, port: null });
    await expect.poll(() => t.host.adb.port(first!.instanceNo)).toBeUndefined();
    expect(dataOf<Access>(await enable(third!.id)), 'a port switched off is free again').toMatchObject({
      port: FROM,
    });
  });

  it('is the owner’s alone, never a trial phone’s, and only where the client has connect_button on', async () => {
    await giveHostAdbRange(t);
    const [phone] = await givePhones(t, t.me, 1, 30);
    const [trial] = await givePhones(t, t.me, 1, 1, true);
    await t.app.services.phoneGrants.grant(t.me.userId, phone!.id, t.other.userId, 'control', 10);

    expect(codeOf(await enable(phone!.id, t.other.token))).toBe(ERRORS.authorizedDeviceRestricted.code);
    expect(codeOf(await t.call('GET', `${ADB}/get?userPhoneId=${phone!.id}`, { token: t.other.token }))).toBe(
      ERRORS.authorizedDeviceRestricted.code,
    );
    expect(codeOf(await enable(trial!.id))).toBe(ERRORS.trialNeedsRenewal.code);

    const clientId = Number(t.api.headers['client-id']);
    const connect = { key: 'connect_button', name: 'Connect', props: {}, enable: false, sort: 0 } as const;
    await t.app.repos.clientFunctions.set(clientId, connect);
    expect(codeOf(await enable(phone!.id))).toBe(ERRORS.functionDisabled.code);
  });

  it('closes the endpoints switched on in a client’s app when its connect_button goes off', async () => {
    await giveHostAdbRange(t);
    const [phone] = await givePhones(t, t.me, 1, 30);
    await enable(phone!.id);
    await expect.poll(() => t.host.adb.port(phone!.instanceNo)).toBe(FROM);
    await t.app.services.tenantAdmin.setFunction('demo', 'connect_button', false);
    await expect.poll(() => t.host.adb.port(phone!.instanceNo)).toBeUndefined();
  });

  it('refuses a phone whose host has no ADB range', async () => {
    const [phone] = await givePhones(t, t.me, 1, 30);
    expect(codeOf(await enable(phone!.id))).toBe(ERRORS.adbUnavailable.code);
  });

  it('closes a phone’s ADB when it is transferred: the new owner finds it off', async () => {
    await giveHostAdbRange(t);
    const [phone] = await givePhones(t, t.me, 1, 30);
    await enable(phone!.id);
    const other = await t.app.repos.users.findById(t.other.userId);
    const give = await t.call('PUT', '/api/device/user/phone/give', {
      payload: { userPhoneIds: [phone!.id], account: other!.mobile },
    });
    expect(codeOf(give), JSON.stringify(give.json())).toBe(0);
    expect(await get(phone!.id, t.other.token)).toEqual({ enabled: false, host: null, port: null });
    await expect.poll(() => t.host.adb.port(phone!.instanceNo)).toBeUndefined();
  });

  describe('under concurrency (issue 48)', () => {
    /** A range of eight ports of its own. */
    const giveWideRange = async () => {
      const from = FROM + 100;
      await t.app.repos.deviceHosts.register(
        'embedded',
        '',
        { ...RANGE, ports: { from, to: from + 7 } },
        t.clock.now(),
      );
    };

    it('gives each of 8 phones one port under 48 concurrent enables, every reply naming it', async () => {
      await giveWideRange();
      const phones = await givePhones(t, t.me, 8, 30);
      const replies = await Promise.all(
        Array.from({ length: 48 }, (_, i) => phones[i % 8]!.id).map(async (id) => ({ id, reply: await enable(id) })),
      );
      expect(replies.map(({ reply }) => codeOf(reply))).toEqual(replies.map(() => 0));
      const final = new Map<number, number | null>();
      for (const phone of phones) final.set(phone.id, (await get(phone.id)).port);
      expect(new Set(final.values()).size).toBe(8);
      for (const { id, reply } of replies) expect(dataOf<Access>(reply).port).toBe(final.get(id));
    });

    it.skipIf(database === 'sqlite')(
      'gives one port when two enables of a phone both read it has none (the interleaving forced)',
      async () => {
        await giveWideRange();
        const [phone] = await givePhones(t, t.me, 1, 30);
        // The second read of the phone's port (B) comes while the first enable (A) is under way, and
        // B goes on only once A has committed its port: B read none, yet finds A's port taken.
        let bHasRead: (() => void) | undefined;
        const bRead = new Promise<void>((resolve) => (bHasRead = resolve));
        let reads = 0;
        const portOf = AdbRepository.prototype.portOf;
        const committed = async () => (await portOf.call(t.app.repos.adb, phone!.id)) !== null;
        const spy = vi.spyOn(AdbRepository.prototype, 'portOf').mockImplementation(async function (
          this: AdbRepository,
          id,
        ) {
          const port = await portOf.call(this, id);
          const read = ++reads;
          if (read === 1) await bRead;
          if (read === 2) {
            bHasRead!();
            while (!(await committed())) await new Promise((resolve) => setTimeout(resolve, 5));
          }
          return port;
        });
        try {
          const [a, b] = await Promise.all([enable(phone!.id), enable(phone!.id)]);
          const port = (await get(phone!.id)).port;
          expect(port).not.toBeNull();
          expect([dataOf<Access>(a).port, dataOf<Access>(b).port]).toEqual([port, port]);
          expect(
            (await t.app.repos.adb.portsTaken((await t.app.repos.userPhones.findById(phone!.id))!.deviceHostId)).size,
          ).toBe(1);
        } finally {
          spy.mockRestore();
        }
      },
    );
  });

  describe('an account’s keys', () => {
    const add = (name: string, publicKey: string, token = t.me.token) =>
      t.call('POST', `${KEYS}/add`, { token, payload: { name, publicKey } });
    const list = async (token = t.me.token) =>
      dataOf<{ keyId: number; name: string; comment: string; fingerprint: string }[]>(
        await t.call('GET', `${KEYS}/list`, { token }),
      );

    it('keeps named keys, refuses what is not a key, the same key twice and more than the limit', async () => {
      const key = newAdbPublicKey('me@laptop');
      expect(codeOf(await add('Laptop', key))).toBe(0);
      expect(await list()).toEqual([
        expect.objectContaining({ name: 'Laptop', comment: 'me@laptop', fingerprint: expect.any(String) }),
      ]);
      expect(codeOf(await add('Again', key))).toBe(ERRORS.adbKeyExists.code);
      expect(codeOf(await add('Junk', 'ssh-rsa AAAAB3NzaC1yc2E me@host'))).toBe(ERRORS.adbKeyInvalid.code);
      expect(codeOf(await add('Cut', key.slice(0, 200)))).toBe(ERRORS.adbKeyInvalid.code);
      expect(await list(t.other.token), 'another account sees none of them').toEqual([]);
      expect(codeOf(await add('Laptop', key, t.other.token)), 'another account may add the same key').toBe(0);

      for (let i = 1; i < ADB_KEYS_MAX; i++) expect(codeOf(await add(`Key ${i}`, newAdbPublicKey()))).toBe(0);
      expect(codeOf(await add('One more', newAdbPublicKey()))).toBe(ERRORS.adbKeysFull.code);

      const [first] = await list();
      const other = (await list(t.other.token))[0]!;
      const remove = (keyId: number) => t.call('DELETE', `${KEYS}/delete?keyId=${keyId}`);
      expect(codeOf(await remove(other.keyId)), 'another account’s key is not found').toBe(ERRORS.notFound.code);
      expect(codeOf(await remove(first!.keyId))).toBe(0);
      expect((await list()).length).toBe(ADB_KEYS_MAX - 1);
    });
  });
});
