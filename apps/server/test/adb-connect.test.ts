import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import { AdbClient } from '@cloudphone/device-host/adb-client';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { givePhones, usePhoneApp } from './helpers/phones';

/**
 * The standard `adb` client against a phone of the real stack (issue 35): the owner switches ADB on
 * through the API, adb connects with the account's key, and a transfer closes the connection within
 * a second. What adb does inside a phone is the device host's own test (apps/device-host/test/adb.test.ts).
 */
let adb: AdbClient;
beforeAll(async () => {
  adb = await AdbClient.start();
}, 20_000);
afterAll(() => adb.stop(), 20_000);

/** Two ports of a range no other test uses, for the embedded host's ADB endpoints. */
const FROM = 20_000 + Math.floor(Math.random() * 20_000);

async function until(predicate: () => boolean, timeoutMs = 2_000): Promise<number> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describeEachDatabase('adb on a cloud phone of the real stack', (open, database) => {
  const t = usePhoneApp(open);

  /** A phone of the demo user's with ADB on, the embedded host's endpoints on ports `from` and `from + 1`. */
  async function phoneWithAdbOn(from: number) {
    await t.app.repos.deviceHosts.register(
      'embedded',
      '',
      { address: '127.0.0.1', ports: { from, to: from + 1 } },
      t.clock.now(),
    );
    const phone = (await givePhones(t, t.me, 1, 30))[0]!;
    t.clock.advance(4_000); // past booting
    await t.call('POST', '/api/merchant/user/adb-key/add', { payload: { name: 'Test', publicKey: adb.publicKey } });
    const on = dataOf<{ host: string; port: number }>(
      await t.call('POST', '/api/device/adb/enable', { payload: { userPhoneId: phone.id } }),
    );
    await until(() => t.host.adb.port(phone.instanceNo) === on.port);
    return { phone: phone, serial: `${on.host}:${on.port}` };
  }

  it.skipIf(database === 'postgres')(
    'connects with the account’s key, and a transfer closes it within a second',
    async () => {
      const { phone, serial } = await phoneWithAdbOn(FROM);

      await adb.run(['connect', serial]);
      const about = dataOf<{ model: string }>(
        await t.call('GET', `/api/device/phone-mock-model/current?userPhoneId=${phone.id}`),
      );
      const model = await adb.on(serial, ['shell', 'getprop', 'ro.product.model']);
      expect(model.stdout.toString().trim()).toBe(about.model);
      expect(t.host.adb.connectionCount(phone.instanceNo)).toBe(1);

      const other = await t.app.repos.users.findById(t.other.userId);
      const give = await t.call('PUT', '/api/device/user/phone/give', {
        payload: { userPhoneIds: [phone.id], account: other!.mobile },
      });
      expect(codeOf(give), JSON.stringify(give.json())).toBe(0);
      const closedIn = await until(() => t.host.adb.connectionCount(phone.instanceNo) === 0, 1_000);
      expect(closedIn).toBeLessThanOrEqual(1_000);
      expect(t.host.adb.port(phone.instanceNo), 'the endpoint is gone too').toBeUndefined();
      expect((await adb.on(serial, ['shell', 'echo', 'still here'])).code).not.toBe(0);
    },
    30_000,
  );

  it.skipIf(database === 'postgres')(
    'refuses a template with the pushing text while an adb push writes, and takes it once the push ends',
    async () => {
      const { phone } = await phoneWithAdbOn(FROM + 2);
      const accessKey = t.host.policies.held().find((s) => s.instanceNo === phone.instanceNo)?.adb?.accessKey;
      const template = () =>
        t.call('POST', '/api/device/template/create', { payload: { userPhoneId: phone.id, name: 'Mid-push' } });

      // adb push as the phone's sync service hears it: a file begun, its end held back.
      const sync = await t.host.fleet.adb(phone.instanceNo)!.open('sync:', { accessKey, connection: 'push-1' });
      const replies: Buffer[] = [];
      sync!.on('data', (chunk: Buffer) => replies.push(chunk));
      const spec = Buffer.from('/sdcard/big.bin,33188');
      sync!.write(Buffer.concat([syncHeader('SEND', spec.length), spec, syncHeader('DATA', 4), Buffer.from('half')]));
      await untilAsync(async () => (await t.app.repos.phoneLocks.held([phone.id], t.clock.now())).length > 0);
      expect(codeOf(await template())).toBe(ERRORS.devicePushing.code);

      sync!.write(syncHeader('DONE', Math.floor(t.clock.now() / 1000)));
      await untilAsync(async () => Buffer.concat(replies).length >= 8);
      expect(Buffer.concat(replies).toString('latin1', 0, 4)).toBe('OKAY');
      expect(await t.app.repos.phoneLocks.held([phone.id], t.clock.now())).toEqual([]);
      expect(codeOf(await template())).toBe(0);
      sync!.destroy();
    },
    30_000,
  );
});

/** A sync protocol message's head: its four-letter id and a length (adb/SYNC.TXT). */
function syncHeader(id: string, length: number): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(length, 4);
  return head;
}

async function untilAsync(predicate: () => Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
