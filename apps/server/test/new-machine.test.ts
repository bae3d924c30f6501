import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { NewMachineRecord } from '@cloudphone/contracts/new-machine';
import type { PhoneExtend } from '@cloudphone/contracts/phones';
import { NEW_MACHINE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { describeEachDatabase } from './helpers/databases';
import {
  askAfterTasks,
  givePhones,
  instanceOf,
  listPhones,
  myPhoneIds,
  PHONE,
  usePhoneApp,
  type PhoneContext,
} from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';

const NEW_MACHINE = `${PHONE}/new-machine`;
/** The host's new-machine task: a reset's length. */
const TASK_MS = 6_000;

function newMachines(t: PhoneContext) {
  const c = {
    start: (userPhoneIds: number[], brand?: string) =>
      t.call('POST', NEW_MACHINE, { payload: { userPhoneIds, ...(brand ? { brand } : {}) } }),
    started: async (userPhoneIds: number[], brand?: string) =>
      dataOf<{ list: { userPhoneId: number; taskId: string }[] }>(await c.start(userPhoneIds, brand)).list,
    records: async () =>
      dataOf<{ list: NewMachineRecord[]; total: number }>(
        await t.call('GET', `${NEW_MACHINE}/page?pageNo=1&pageSize=20`),
      ),
    identities: async (ids: number[]) =>
      dataOf<PhoneExtend[]>(await t.call('GET', `${PHONE}/get-extend-batch?userPhoneIds=${ids.join(',')}`)),
  };
  return c;
}

describeEachDatabase('one-key new machine', (open) => {
  const t = usePhoneApp(open);
  const api = () => newMachines(t);

  it('gives each phone a new handset, IMEI and serial and wipes its data; the phone is busy until the host is done', async () => {
    const ids = (await myPhoneIds(t)).slice(0, 2);
    t.clock.advance(4_000); // past booting
    const instance = await instanceOf(t, ids[0]!);
    t.host.fleet.require(instance).setClipboard('my secret');
    const before = await api().identities(ids);

    const started = await api().started(ids);
    expect(started.map((s) => s.userPhoneId)).toEqual(ids);
    expect((await listPhones(t)).list.filter((p) => ids.includes(p.userPhoneId)).map((p) => p.status)).toEqual([
      'new_machine',
      'new_machine',
    ]);
    expect(codeOf(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${ids[0]}`))).toBe(ERRORS.deviceNewMachine.code);
    expect(codeOf(await api().start([ids[0]!]))).toBe(ERRORS.deviceNewMachine.code);
    expect((await api().records()).list.map((r) => r.status)).toEqual(['running', 'running']);

    t.clock.advance(TASK_MS);
    await askAfterTasks(t);
    const after = await api().identities(ids);
    const records = (await api().records()).list.reverse();
    for (const [i, record] of records.entries()) {
      expect(after[i]!.model).not.toBe(before[i]!.model);
      expect(after[i]!.imei).not.toBe(before[i]!.imei);
      expect(after[i]!.serialNumber).not.toBe(before[i]!.serialNumber);
      expect(record).toMatchObject({
        userPhoneId: ids[i],
        phoneName: `云手机 ${i + 1}`,
        status: 'successful',
        brand: null,
        before: { model: before[i]!.model, imei: before[i]!.imei, serial: before[i]!.serialNumber },
        after: { model: after[i]!.model, imei: after[i]!.imei, serial: after[i]!.serialNumber },
      });
      // The brand as its maker writes it: Android's own may be lower case (google → Google).
      expect(record.after!.brand.toLowerCase()).toBe(after[i]!.brand.toLowerCase());
    }
    expect(t.host.fleet.require(instance).clipboard).toBe('');
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === ids[0])?.status).toBe('online');
  });

  it('draws the handset from one brand when asked, and refuses a brand the catalogue does not have', async () => {
    const phones = await givePhones(t, t.me, 3, 30);
    t.clock.advance(4_000);
    const ids = phones.map((p) => p.id);
    expect(codeOf(await api().start(ids, 'Nokia'))).toBe(ERRORS.newMachineBrandUnknown.code);
    await api().started(ids, 'huawei');
    expect((await api().identities(ids)).map((p) => p.brand)).toEqual(['HUAWEI', 'HUAWEI', 'HUAWEI']);
    t.clock.advance(TASK_MS);
    await askAfterTasks(t);
    expect((await api().records()).list.map((r) => [r.brand, r.after?.brand])).toEqual([
      ['huawei', 'HUAWEI'],
      ['huawei', 'HUAWEI'],
      ['huawei', 'HUAWEI'],
    ]);
  });

  it('takes at most 10 phones at once, and is refused when the client has switched it off', async () => {
    const ids = Array.from({ length: NEW_MACHINE_MAX_DEVICES + 1 }, (_, i) => i + 1);
    expect(codeOf(await api().start(ids))).toBe(ERRORS.invalidParameter.code);
    const [id] = await myPhoneIds(t);
    t.clock.advance(4_000);
    const clientId = Number(t.api.headers['client-id']);
    await t.app.repos.clientFunctions.set(clientId, {
      key: 'new_button',
      name: 'new',
      props: {},
      enable: false,
      sort: 0,
    });
    expect(codeOf(await api().start([id!]))).toBe(ERRORS.functionDisabled.code);
    expect((await api().records()).total).toBe(0);
  });

  it('asks the host again after a crash kept the request from it, and makes the phone new once', async () => {
    const [id] = await myPhoneIds(t);
    t.clock.advance(4_000);
    const before = (await api().identities([id!]))[0]!;
    // The host does not hear the request (the process died after the commit).
    const newMachine = t.host.fleet.newMachine.bind(t.host.fleet);
    t.host.fleet.newMachine = () => {
      throw new Error('connection reset');
    };
    const { taskId } = (await api().started([id!]))[0]!;
    expect((await api().identities([id!]))[0]!.imei).toBe(before.imei);
    t.host.fleet.newMachine = newMachine;

    await askAfterTasks(t);
    const made = (await api().identities([id!]))[0]!;
    expect(made.imei).not.toBe(before.imei);
    // Asked once more with the same task, the host answers that task and changes nothing.
    t.host.fleet.newMachine(await instanceOf(t, id!), { taskId });
    expect((await api().identities([id!]))[0]!.imei).toBe(made.imei);
    t.clock.advance(TASK_MS);
    await askAfterTasks(t);
    expect((await api().records()).list[0]).toMatchObject({ status: 'successful', after: { imei: made.imei } });
  });
});
