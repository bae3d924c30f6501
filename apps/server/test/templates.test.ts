import { expect, it } from 'vitest';
import type { LimitConfigKey } from '@cloudphone/contracts/config-keys';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { LiveEvent } from '@cloudphone/contracts/live-events';
import type { CloneRecord, Template } from '@cloudphone/contracts/templates';
import { BOOT_MS, TASK_DURATION_MS } from '@cloudphone/device-host';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import {
  askAfterTasks,
  givePhones,
  instanceOf,
  listPhones,
  myPhoneIds,
  OTHER_MOBILE,
  PHONE,
  usePhoneApp,
} from './helpers/phones';

const TEMPLATE = '/api/device/template';
const CLONE = '/api/device/clone';
const EN = { 'accept-language': 'en-US' };

describeEachDatabase('templates and clones', (open) => {
  const t = usePhoneApp(open);

  const makeTemplate = (userPhoneId: number, name = 'My setup') =>
    t.call('POST', `${TEMPLATE}/create`, { payload: { userPhoneId, name }, headers: EN });
  const templates = async () => dataOf<{ list: Template[]; total: number }>(await t.call('GET', `${TEMPLATE}/page`));
  const deleteTemplate = (templateId: number) => t.call('DELETE', `${TEMPLATE}/delete?templateId=${templateId}`);
  const clone = (templateId: number, userPhoneIds: number[], newMachine = false) =>
    t.call('POST', `${CLONE}/create`, { payload: { templateId, userPhoneIds, newMachine }, headers: EN });
  const records = async () => dataOf<{ list: CloneRecord[] }>(await t.call('GET', `${CLONE}/page`)).list;
  const reboot = (userPhoneId: number) => t.call('PUT', `${PHONE}/reboot?userPhoneId=${userPhoneId}`, { headers: EN });
  const setLimit = (key: LimitConfigKey, value: number) =>
    t.app.repos.config.setTenantValue(t.me.tenantId, key, String(value));
  const phoneOf = async (userPhoneId: number) => t.host.fleet.get(await instanceOf(t, userPhoneId))!;
  const runJobs = async () => {
    await askAfterTasks(t);
    await Promise.all([t.app.services.templates.advance(), t.app.services.clones.advance()]);
  };

  /** The demo user's phones, online, all of Android 14 (a template clones only onto its own version). */
  async function onlinePhones(): Promise<number[]> {
    const ids = await myPhoneIds(t);
    for (const id of ids) (await phoneOf(id)).update((s) => (s.identity = { ...s.identity, android: '14' }));
    t.clock.advance(BOOT_MS);
    return ids;
  }

  /** A template of the phone, made: its snapshot taken by the host and the job told. */
  async function readyTemplate(userPhoneId: number, name?: string): Promise<number> {
    const { templateId } = dataOf<{ templateId: number }>(await makeTemplate(userPhoneId, name));
    t.clock.advance(TASK_DURATION_MS.snapshot);
    await runJobs();
    return templateId;
  }

  it("clones a phone's apps and notes onto two others, which keep who they are; the source stays as it was", async () => {
    const [a, b, c] = await onlinePhones();
    const source = await phoneOf(a!);
    t.host.fleet.installApp(source.instanceNo, {
      packageName: 'com.example.miner',
      label: 'Gold Miner',
      versionName: '2.3.1',
      icon: '#16a34a',
      installedAt: t.clock.now(),
    });
    source.update((s) => (s.notes = 'shopping list'));

    const { templateId } = dataOf<{ templateId: number }>(await makeTemplate(a!, 'Game farm'));
    expect((await templates()).list).toEqual([
      expect.objectContaining({ templateId, name: 'Game farm', state: 'creating', progress: 0, userPhoneId: a }),
    ]);
    t.clock.advance(TASK_DURATION_MS.snapshot / 2);
    await runJobs();
    expect((await templates()).list[0]).toMatchObject({ state: 'creating', progress: 50 });
    t.clock.advance(TASK_DURATION_MS.snapshot / 2);
    await runJobs();
    const [made] = (await templates()).list;
    expect(made).toMatchObject({ state: 'ready', progress: 100, android: '14', daysLeft: 30 });
    expect(made!.size).toBeGreaterThan(0);

    const identities = await Promise.all([b!, c!].map(async (id) => ({ ...(await phoneOf(id)).state.identity })));
    const { cloneId } = dataOf<{ cloneId: number }>(await clone(templateId, [b!, c!]));
    const statuses = (await listPhones(t)).list.filter((p) => p.userPhoneId === b || p.userPhoneId === c);
    expect(statuses.map((p) => p.status)).toEqual(['cloning', 'cloning']);
    expect(await records()).toEqual([
      expect.objectContaining({ cloneId, templateName: 'Game farm', state: 'cloning', newMachine: false }),
    ]);

    t.clock.advance(TASK_DURATION_MS['apply-snapshot']);
    await runJobs();
    const [record] = await records();
    expect(record).toMatchObject({ state: 'success' });
    expect(record!.targets).toEqual([
      expect.objectContaining({ userPhoneId: b, state: 'success', progress: 100, reason: null }),
      expect.objectContaining({ userPhoneId: c, state: 'success', progress: 100, reason: null }),
    ]);
    for (const [i, id] of [b!, c!].entries()) {
      const phone = await phoneOf(id);
      expect(phone.state.notes).toBe('shopping list');
      expect(phone.state.apps.map((app) => app.label)).toEqual(['Gold Miner']);
      expect(phone.state.identity).toEqual(identities[i]);
    }
    expect(source.state.notes).toBe('shopping list');
    // Done: the phones are free again.
    expect(codeOf(await reboot(b!))).toBe(0);
  });

  it('keeps to the templates an account may hold and make per day', async () => {
    const [a] = await onlinePhones();
    await setLimit('template.user.max', 2);
    await setLimit('template.day.count', 3);
    const first = await readyTemplate(a!);
    await readyTemplate(a!);
    expect(envelope(await makeTemplate(a!))).toMatchObject({
      code: ERRORS.templateLimit.code,
      msg: 'Template limit reached',
    });

    // Deleting one gives its place back; the day's count stays spent.
    expect(codeOf(await deleteTemplate(first))).toBe(0);
    await runJobs();
    expect((await templates()).list.map((x) => x.templateId)).not.toContain(first);
    const third = await readyTemplate(a!);
    expect(codeOf(await deleteTemplate(third))).toBe(0);
    expect(codeOf(await makeTemplate(a!))).toBe(ERRORS.templateDayLimit.code);

    await t.travel(DAY);
    expect(codeOf(await makeTemplate(a!))).toBe(0);
  });

  it('lets exactly 3 of 20 parallel template creations through a limit of 3', async () => {
    // Each of its own phone: a phone whose snapshot is being taken refuses a second one meanwhile.
    const phones = await givePhones(t, t.me, 20, 30);
    t.clock.advance(BOOT_MS);
    await setLimit('template.user.max', 3);
    await setLimit('template.day.count', 50);
    const replies = await Promise.all(phones.map((p, i) => makeTemplate(p.id, `T${i}`)));
    const codes = replies.map(codeOf);
    expect(codes.filter((code) => code === 0)).toHaveLength(3);
    expect(codes.filter((code) => code !== 0)).toEqual(Array(17).fill(ERRORS.templateLimit.code));
    expect((await templates()).total).toBe(3);
  });

  it('refuses a restart, a transfer and a second clone of a phone being cloned, with the spec’s message', async () => {
    const [a, b, c] = await onlinePhones();
    const templateId = await readyTemplate(a!);
    expect(codeOf(await clone(templateId, [b!]))).toBe(0);

    const refusal = { code: ERRORS.deviceCloning.code, msg: 'Current device is being cloned, try again later' };
    expect(envelope(await reboot(b!))).toMatchObject(refusal);
    const transfer = await t.call('PUT', `${PHONE}/give`, {
      payload: { userPhoneIds: [b], account: OTHER_MOBILE },
      headers: EN,
    });
    expect(envelope(transfer)).toMatchObject(refusal);
    expect(envelope(await clone(templateId, [c!, b!]))).toMatchObject(refusal);
    // The refused clone took nothing: its other phone is free.
    expect(codeOf(await reboot(c!))).toBe(0);

    t.clock.advance(TASK_DURATION_MS['apply-snapshot']);
    await runJobs();
    expect(codeOf(await reboot(b!))).toBe(0);
  });

  it('clones only onto phones of the template’s Android version, and at most clone.batch.count at once', async () => {
    const [a, b, c] = await onlinePhones();
    const templateId = await readyTemplate(a!);
    (await phoneOf(c!)).update((s) => (s.identity = { ...s.identity, android: '13' }));
    expect(envelope(await clone(templateId, [b!, c!]))).toMatchObject({
      code: ERRORS.cloneVersionMismatch.code,
      msg: 'This template is of Android 14: it clones only onto phones of the same Android version',
    });
    await setLimit('clone.batch.count', 1);
    expect(envelope(await clone(templateId, [a!, b!]))).toMatchObject({
      code: ERRORS.cloneBatchLimit.code,
      msg: 'At most 1 devices can be cloned at once',
    });
    expect(await records()).toEqual([]);
  });

  it('expires a template after its days: it cannot be cloned, and the job removes it from its host', async () => {
    const [a, b] = await onlinePhones();
    await setLimit('template.expire.days', 2);
    const templateId = await readyTemplate(a!);
    const [made] = (await templates()).list;
    expect(made).toMatchObject({ daysLeft: 2 });
    const snapshotId = (await t.app.repos.templates.findById(templateId))!.snapshotId;
    expect(t.host.fleet.snapshotInfo(snapshotId)).toBeDefined();

    await t.travel(2 * DAY);
    expect(codeOf(await clone(templateId, [b!]))).toBe(ERRORS.templateExpired.code);
    await runJobs();
    expect((await templates()).list[0]).toMatchObject({ templateId, state: 'expired', daysLeft: 0 });
    expect(t.host.fleet.snapshotInfo(snapshotId)).toBeUndefined();
    expect(codeOf(await clone(templateId, [b!]))).toBe(ERRORS.templateExpired.code);
    // Its place is free again.
    await setLimit('template.user.max', 1);
    expect(codeOf(await makeTemplate(a!))).toBe(0);
  });

  it('finishes a clone its host could not start at first, once the host answers again', async () => {
    const [a, b] = await onlinePhones();
    const templateId = await readyTemplate(a!);
    const apply = t.host.fleet.applySnapshot.bind(t.host.fleet);
    t.host.fleet.applySnapshot = () => {
      throw new Error('host unreachable');
    };
    expect(codeOf(await clone(templateId, [b!]))).toBe(0);
    // The task model asks again, and the host is still unreachable.
    await runJobs();
    expect((await records())[0]!.targets[0]).toMatchObject({ state: 'waiting' });

    t.host.fleet.applySnapshot = apply;
    await runJobs();
    expect((await records())[0]!.targets[0]).toMatchObject({ state: 'cloning' });
    t.clock.advance(TASK_DURATION_MS['apply-snapshot']);
    await runJobs();
    expect(await records()).toEqual([expect.objectContaining({ state: 'success' })]);
    expect(codeOf(await reboot(b!))).toBe(0);
  });

  it('tells a template and each phone of a clone on the live channel as the host tells its tasks, no job run', async () => {
    const [a, b] = await onlinePhones();
    const seen: LiveEvent[] = [];
    t.app.services.events.subscribe(t.me.userId, (event) => seen.push(event));
    const heard = async (wanted: (event: LiveEvent) => boolean) => {
      for (let tries = 0; tries < 100 && !seen.some(wanted); tries++) await new Promise((r) => setTimeout(r, 50));
      expect(seen.some(wanted)).toBe(true);
    };

    const { templateId } = dataOf<{ templateId: number }>(await makeTemplate(a!));
    t.clock.advance(TASK_DURATION_MS.snapshot / 2);
    await heard((e) => e.type === 'template' && e.state === 'creating' && e.progress === 50);
    t.clock.advance(TASK_DURATION_MS.snapshot / 2);
    await heard((e) => e.type === 'template' && e.templateId === templateId && e.state === 'ready');
    expect((await templates()).list[0]).toMatchObject({ state: 'ready', progress: 100 });

    const { cloneId } = dataOf<{ cloneId: number }>(await clone(templateId, [b!]));
    t.clock.advance(TASK_DURATION_MS['apply-snapshot'] / 2);
    await heard((e) => e.type === 'clone.target' && e.state === 'cloning' && e.progress === 50);
    t.clock.advance(TASK_DURATION_MS['apply-snapshot'] / 2);
    await heard((e) => e.type === 'clone.target' && e.cloneId === cloneId && e.state === 'success');
    expect((await records())[0]!.targets[0]).toMatchObject({ userPhoneId: b, state: 'success', progress: 100 });
    expect(codeOf(await reboot(b!))).toBe(0);
  });
});
