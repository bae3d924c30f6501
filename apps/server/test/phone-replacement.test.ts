import { expect, it, vi } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { ReplacePreview, ReplaceResult } from '@cloudphone/contracts/replacement';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import type { AuthUser } from '../src/services/accounts/auth.service';
import { REPLACEMENT_GIVE_UP_MS } from '../src/services/phones/operations/phone-replacement.service';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { givePhones, listPhones, myPhoneIds, OTHER_MOBILE, PHONE, usePhoneApp } from './helpers/phones';
import { openStream } from './helpers/streams';

describeEachDatabase('replacing cloud phones', (open) => {
  const t = usePhoneApp(open);
  const submit = (userPhoneIds: number[], replaceType: 1 | 2, token = t.me.token) =>
    t.call('POST', `${PHONE}/replace-submit`, { token, payload: { userPhoneIds, replaceType } });
  const phoneRow = async (id: number) => (await t.app.repos.userPhones.findById(id))!;
  const hostPhone = async (id: number) => t.host.fleet.get((await phoneRow(id)).instanceNo)!;
  const me = (): AuthUser => ({ ...t.me, clientId: Number(t.api.headers['client-id']), sessionId: 0, language: null });

  it('replaces at most 10 phones at once, and only while the tenant and client offer it', async () => {
    await givePhones(t, t.me, 8, 30);
    const ids = await myPhoneIds(t);
    expect(ids).toHaveLength(12);
    const preview = (userPhoneIds: number[]) =>
      t.call('POST', `${PHONE}/replace-preview`, { payload: { userPhoneIds, replaceType: 1 } });
    expect(codeOf(await preview(ids.slice(0, 11)))).toBe(ERRORS.replaceTooMany.code);
    expect(codeOf(await submit(ids.slice(0, 11), 1))).toBe(ERRORS.replaceTooMany.code);
    expect((await listPhones(t, 'pageSize=100')).list.every((p) => p.status !== 'replacing')).toBe(true);

    // Ten rented phones (the demo's fourth is a trial, which has no replacement until renewed: spec §4).
    const ok = dataOf<ReplacePreview>(await preview([...ids.slice(0, 3), ...ids.slice(4, 11)]));
    expect(ok.list.filter((p) => p.replaceable)).toHaveLength(10);

    await t.app.repos.config.setTenantValue(t.me.tenantId, 'replace.business.status', '0');
    expect(codeOf(await submit([ids[0]!], 1))).toBe(ERRORS.replaceClosed.code);
    await t.app.repos.config.setTenantValue(t.me.tenantId, 'replace.business.status', '1');
    const clientId = Number(t.api.headers['client-id']);
    await t.app.repos.clientFunctions.set(clientId, {
      key: 'change_button',
      name: 'change_button',
      props: {},
      enable: false,
      sort: 0,
    });
    expect(codeOf(await submit([ids[0]!], 1))).toBe(ERRORS.functionDisabled.code);
  });

  it('says in the preview why a phone cannot be replaced', async () => {
    const [id, second] = await myPhoneIds(t);
    await t.app.repos.transaction((tx) => t.app.services.phoneAccess.lock(tx, [second!], 'cloning', 'clone:1', 60_000));
    const preview = dataOf<ReplacePreview>(
      await t.call('POST', `${PHONE}/replace-preview`, {
        payload: { userPhoneIds: [id, second, 999_999], replaceType: 2 },
        headers: { 'accept-language': 'en-US' },
      }),
    );
    expect(preview.list.map((p) => [p.userPhoneId, p.replaceable, p.reason])).toEqual([
      [id, true, null],
      [second, false, ERRORS.deviceCloning['en-US']],
      [999_999, false, ERRORS.phoneNotFound['en-US']],
    ]);
  });

  it('refuses a reboot with the spec’s message while a phone is being replaced', async () => {
    const [id] = await myPhoneIds(t);
    t.clock.advance(4_000); // past booting
    // The plan is committed; the host has not made the new instance yet (as after a crash).
    await t.app.services.phoneReplacements.begin(t.app.services.phoneAccess.gate(me(), 'replace'), {
      userPhoneIds: [id!],
      replaceType: 1,
    });
    const reboot = (headers = {}) => t.call('PUT', `${PHONE}/reboot?userPhoneId=${id}`, { headers });
    const refused = envelope(await reboot({ 'accept-language': 'en-US' }));
    expect(refused).toMatchObject({
      code: ERRORS.deviceBusy.code,
      msg: 'Device is being replaced, migrated or transferred, try again later',
    });
    expect(envelope(await reboot()).msg).toBe('设备正在更换、迁移或转移中，请稍后再试');
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)?.status).toBe('replacing');
    // Watching is not operating (DESIGN §10): it opens, and its viewers follow it to the new instance.
    expect(codeOf(await t.call('POST', `${PHONE}/security-token?userPhoneId=${id}`))).toBe(0);

    // The job finishes what the request began: the phone is free, on its new instance.
    expect(await t.app.services.phoneReplacements.finish()).toBe(1);
    t.clock.advance(4_000); // the new instance boots
    expect(codeOf(await reboot())).toBe(0);
  });

  it('keeps apps, files, notes and clipboard with type 2, and the id, name, group and expiry with either', async () => {
    const [id, second] = await myPhoneIds(t);
    t.clock.advance(4_000);
    await t.call('PUT', `${PHONE}/rename`, { payload: { userPhoneId: id, name: 'Farm' } });
    const before = await phoneRow(id!);
    const old = await hostPhone(id!);
    const app = { packageName: 'com.demo.farm', label: 'Farm', versionName: '1.0', icon: '#3a7', installedAt: 1 };
    t.host.fleet.installApp(old.instanceNo, app);
    t.host.fleet.pushFile(old.instanceNo, { name: 'save.dat', size: 2048, time: 1 });
    old.update((s) => (s.notes = 'level 42 reached'));
    old.setClipboard('copied text');

    const [result] = dataOf<{ list: ReplaceResult[] }>(await submit([id!], 2)).list;
    expect(result).toEqual({ userPhoneId: id, ok: true, message: null });
    const after = await phoneRow(id!);
    expect(after.instanceNo).not.toBe(before.instanceNo);
    expect(after).toMatchObject({ id, name: 'Farm', groupId: before.groupId, expireTime: before.expireTime });
    const moved = (await hostPhone(id!)).state;
    expect(moved.apps).toEqual([app]);
    expect(moved.files).toEqual([{ name: 'save.dat', size: 2048, time: 1 }]);
    expect(moved.notes).toBe('level 42 reached');
    expect(moved.clipboard).toBe('copied text');
    expect(moved.identity.imei).not.toBe(old.state.identity.imei);

    // Type 1 starts afresh.
    (await hostPhone(second!)).update((s) => (s.notes = 'left behind'));
    expect(dataOf<{ list: ReplaceResult[] }>(await submit([second!], 1)).list[0]?.ok).toBe(true);
    expect((await hostPhone(second!)).state.notes).toBe('');
  });

  it('keeps a grant through a replacement: the grantee’s stream moves to the new instance', async () => {
    const [id] = await myPhoneIds(t);
    const grant = await t.call('POST', '/api/device/grant/create', {
      payload: { userPhoneId: id, account: OTHER_MOBILE, days: 5, permission: 'control' },
    });
    expect(codeOf(grant)).toBe(0);
    const tokenOf = (token: string) =>
      t.call('POST', `${PHONE}/security-token?userPhoneId=${id}`, { token }).then((r) => dataOf<SecurityToken>(r));
    const old = await tokenOf(t.other.token);
    const viewer = await openStream(t, old);
    t.clock.advance(1);

    expect(dataOf<{ list: ReplaceResult[] }>(await submit([id!], 1)).list[0]?.ok).toBe(true);
    await viewer.until(() => viewer.closeCode !== undefined, 1_000);
    expect(viewer.messages).toContainEqual({ type: 'closed', reason: 'replaced' });
    expect(t.host.access.check(old.accessKey, old.instanceNo)).toBe('revoked');
    const moved = await tokenOf(t.other.token);
    expect(moved.instanceNo).toBe((await phoneRow(id!)).instanceNo);
    expect(moved.permission).toBe('control');
    (await openStream(t, moved)).close();
  });

  it('says "Cloud phone replacement failed!" when the host fails, with nothing lost', async () => {
    const [id] = await myPhoneIds(t);
    t.clock.advance(4_000);
    const before = await phoneRow(id!);
    (await hostPhone(id!)).update((s) => (s.notes = 'still here'));
    const host = t.app.services.deviceHosts.client(before.deviceHostId)!;
    vi.spyOn(host, 'copyUserData').mockRejectedValueOnce(new Error('host unreachable'));

    const failed = dataOf<{ list: ReplaceResult[] }>(
      await t.call('POST', `${PHONE}/replace-submit`, {
        payload: { userPhoneIds: [id], replaceType: 2 },
        headers: { 'accept-language': 'en-US' },
      }),
    );
    expect(failed.list).toEqual([{ userPhoneId: id, ok: false, message: 'Cloud phone replacement failed!' }]);
    expect(await phoneRow(id!)).toEqual(before);
    expect((await hostPhone(id!)).state.notes).toBe('still here');
    expect(codeOf(await t.call('PUT', `${PHONE}/reboot?userPhoneId=${id}`))).toBe(0);
  });

  it('undoes a replacement a crash left unfinished once its host has failed for too long', async () => {
    const [id] = await myPhoneIds(t);
    const before = await phoneRow(id!);
    await t.app.services.phoneReplacements.begin(t.app.services.phoneAccess.gate(me(), 'replace'), {
      userPhoneIds: [id!],
      replaceType: 1,
    });
    const host = t.app.services.deviceHosts.client(before.deviceHostId)!;
    const down = vi.spyOn(host, 'createInstance').mockRejectedValue(new Error('host unreachable'));

    // The job retries while there is time, and the phone stays replacing meanwhile.
    expect(await t.app.services.phoneReplacements.finish()).toBe(0);
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)?.status).toBe('replacing');
    t.clock.advance(REPLACEMENT_GIVE_UP_MS);
    await t.app.services.phoneReplacements.finish();
    down.mockRestore();
    expect(await phoneRow(id!)).toEqual(before);
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)?.status).not.toBe('replacing');
    expect(await t.app.repos.phoneReplacements.pending()).toEqual([]);
  });
});
