import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phoneDriverFrom } from '@cloudphone/device-host';
import { startScrcpyDouble, type ScrcpyDouble } from '@cloudphone/device-host/scrcpy-double';
import { describeEachDatabase } from './helpers/databases';
import { listPhones, PHONE, usePhoneApp } from './helpers/phones';
import { envelope } from './helpers/requests';
import { ERRORS } from '@cloudphone/contracts/errors';
import { buyOf, commerceClient } from './helpers/commerce';

/**
 * A host of Android devices (issue 60): its capacity is its devices, so stock and placement follow
 * them — a purchase beyond its free devices waits "to be allocated" until one is given back or added
 * to its list (issue 61). The devices are the scrcpy double's.
 */
const EN = { 'accept-language': 'en-US' };
const files = mkdtempSync(join(tmpdir(), 'cloudphone-devices-'));
const scrcpyServer = join(files, 'scrcpy-server.jar');
writeFileSync(scrcpyServer, 'scrcpy-server 3.3.3');
/** The operator's list of devices (`ANDROID_DEVICES=@file`): the double's first two, a third added by a test. */
const deviceList = join(files, 'devices.txt');
let double: ScrcpyDouble;
beforeAll(async () => {
  double = await startScrcpyDouble(3, { ffmpeg: null });
  writeFileSync(deviceList, double.addresses.slice(0, 2).join('\n'));
});
afterAll(async () => {
  await double.close();
  rmSync(files, { recursive: true, force: true });
});

describeEachDatabase('a host of two Android devices', (open) => {
  const t = usePhoneApp(
    open,
    () => ({}),
    () => ({
      driver: phoneDriverFrom(
        { PHONE_DRIVER: 'android', ANDROID_DEVICES: `@${deviceList}`, SCRCPY_SERVER: scrcpyServer },
        ':memory:',
      ),
    }),
  );
  const shop = () => commerceClient(t);

  it('places a phone on each device; a third order waits to be allocated until a refund frees one', async () => {
    // The demo's four phones did not fit on two devices: the demo user starts with none.
    expect((await listPhones(t)).total).toBe(0);
    const { product, pkg } = await shop().packageOf('standard', 7);
    const two = await shop().paid(buyOf(product, pkg, 2));
    expect(two).toMatchObject({ status: 'shipped' });
    expect(two.userPhoneIds).toHaveLength(2);
    expect(t.host.fleet.list()).toHaveLength(2);
    expect(t.host.fleet.list().every((phone) => phone.status() === 'online')).toBe(true);

    // No device is free: paid, it waits, and the allocation job finds no room either.
    const third = await shop().paid(buyOf(product, pkg, 1));
    expect(third).toMatchObject({ status: 'to_be_allocated', payResult: 'success', userPhoneIds: [] });
    expect(await t.app.services.fulfilment.allocateWaiting()).toBe(0);

    // The first order is refunded: its phones are given back, and their devices take the waiting one.
    await t.app.services.refunds.refund(two.orderNo, 'devices back');
    expect(t.host.fleet.list()).toHaveLength(0);
    expect(await t.app.services.fulfilment.allocateWaiting()).toBe(1);
    const shipped = await shop().get(third.orderNo);
    expect(shipped).toMatchObject({ status: 'shipped' });
    const [phone] = await t.app.repos.userPhones.findByIds(shipped.userPhoneIds);
    expect(t.host.fleet.get(phone!.instanceNo)?.status()).toBe('online');
  });

  it('names what a handset cannot do, and refuses its reset, new machine and template with the catalogue message', async () => {
    const { product, pkg } = await shop().packageOf('standard', 7);
    const [id] = (await shop().paid(buyOf(product, pkg, 1))).userPhoneIds;
    const listed = (await listPhones(t)).list.find((p) => p.userPhoneId === id)!;
    expect(listed.lacks).toEqual(expect.arrayContaining(['reset', 'new-machine', 'snapshots']));
    const refusals = await Promise.all([
      t.call('PUT', `${PHONE}/reset?userPhoneId=${id}`, { headers: EN }),
      t.call('POST', `${PHONE}/new-machine`, { payload: { userPhoneIds: [id] }, headers: EN }),
      t.call('POST', '/api/device/template/create', { payload: { userPhoneId: id, name: 'Handset' }, headers: EN }),
    ]);
    for (const reply of refusals)
      expect(envelope(reply)).toMatchObject({
        code: ERRORS.capabilityMissing.code,
        msg: ERRORS.capabilityMissing['en-US'],
      });
    // Nothing was locked or started by them: the phone is as it was.
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)?.status).toBe('online');
  });

  it('counts a device added to its list (ANDROID_DEVICES=@file) as new capacity: a waiting order is allocated', async () => {
    expect(t.host.capacity).toBe(2);
    const { product, pkg } = await shop().packageOf('standard', 7);
    const three = await shop().paid(buyOf(product, pkg, 3));
    expect(three).toMatchObject({ status: 'to_be_allocated' });
    writeFileSync(deviceList, `# the devices of rack 1\n${double.addresses.join('\n')}\n`);
    try {
      await expect.poll(() => t.host.capacity, { timeout: 5_000 }).toBe(3);
      await t.app.services.deviceHosts.watch();
      expect(await t.app.services.fulfilment.allocateWaiting()).toBe(1);
      expect(await shop().get(three.orderNo)).toMatchObject({ status: 'shipped' });
    } finally {
      writeFileSync(deviceList, double.addresses.slice(0, 2).join('\n'));
    }
  });
});
