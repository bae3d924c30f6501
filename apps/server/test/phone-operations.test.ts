import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import { BOOT_MS, TASK_DURATION_MS } from '@cloudphone/device-host';
import { DAY, MINUTE } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { givePhones, instanceOf, listPhones, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

const EN = { 'accept-language': 'en-US' };

describeEachDatabase('phone operations', (open) => {
  const t = usePhoneApp(open);

  const rename = (userPhoneId: number, name: string, token?: string) =>
    t.call('PUT', `${PHONE}/rename`, { token, payload: { userPhoneId, name } });
  const power = (operation: 'reboot' | 'reset', userPhoneId: number, token?: string) =>
    t.call('PUT', `${PHONE}/${operation}?userPhoneId=${userPhoneId}`, { token, headers: EN });
  const statusOf = async (userPhoneId: number) =>
    dataOf<{ status: string }>(await t.call('GET', `${PHONE}/status?userPhoneId=${userPhoneId}`)).status;
  const nameOf = async (userPhoneId: number) =>
    (await listPhones(t)).list.find((p) => p.userPhoneId === userPhoneId)?.name;

  it('renames a phone to 1–20 characters and refuses 21 with the catalogue text', async () => {
    const [id] = await myPhoneIds(t);
    expect(codeOf(await rename(id!, 'a'))).toBe(0);
    expect(await nameOf(id!)).toBe('a');
    const twenty = '云'.repeat(20);
    expect(codeOf(await rename(id!, twenty))).toBe(0);
    expect(await nameOf(id!)).toBe(twenty);

    const refused = envelope(await rename(id!, '云'.repeat(21)));
    expect(refused).toMatchObject({ code: 1001, msg: ERRORS.nameInvalid['zh-CN'], data: [{ field: 'name' }] });
    expect(codeOf(await rename(id!, '   '))).toBe(1001);
    expect(await nameOf(id!)).toBe(twenty);
  });

  it("answers 1322 for another user's phone and leaves its name alone", async () => {
    const [theirs] = await givePhones(t, t.other, 1, 30);
    const reply = envelope(await rename(theirs!.id, 'Mine now'));
    expect(reply).toEqual({ code: ERRORS.phoneNotFound.code, msg: ERRORS.phoneNotFound['zh-CN'], data: null });
    expect((await listPhones(t, '', { token: t.other.token })).list[0]?.name).toBe('云手机 1');
  });

  it('reboots an online phone: a task, restarting, then online after the reboot time', async () => {
    const [id] = await myPhoneIds(t);
    t.clock.advance(BOOT_MS);
    const { taskId } = dataOf<{ taskId: string }>(await power('reboot', id!));
    expect(taskId).toEqual(expect.any(String));
    expect(t.host.fleet.task(taskId)).toMatchObject({ taskId, status: 'running' });
    expect(await statusOf(id!)).toBe('restarting');
    t.clock.advance(TASK_DURATION_MS.reboot - 1);
    expect(await statusOf(id!)).toBe('restarting');
    t.clock.advance(1);
    expect(await statusOf(id!)).toBe('online');
    expect(t.host.fleet.task(taskId)?.status).toBe('success');
  });

  it('resets a phone: resetting, its notes wiped, then online after the reset time', async () => {
    const [id] = await myPhoneIds(t);
    const phone = t.host.fleet.get(await instanceOf(t, id!))!;
    phone.update((s) => (s.notes = 'shopping list'));
    t.clock.advance(BOOT_MS);
    expect(dataOf<{ taskId: string }>(await power('reset', id!)).taskId).toEqual(expect.any(String));
    expect(await statusOf(id!)).toBe('resetting');
    expect(t.host.fleet.get(phone.state.instanceNo)!.state.notes).toBe('');
    t.clock.advance(TASK_DURATION_MS.reset - 1);
    expect(await statusOf(id!)).toBe('resetting');
    t.clock.advance(1);
    expect(await statusOf(id!)).toBe('online');
  });

  it('says a phone still starting is starting, not that the user went too fast (issue 55)', async () => {
    const [id] = await myPhoneIds(t);
    expect(envelope(await power('reboot', id!))).toEqual({
      code: ERRORS.deviceStarting.code,
      msg: 'The phone is still starting, try again in a moment',
      data: null,
    });
  });

  it('refuses a second power operation on a phone within 10 seconds', async () => {
    const [id, other] = await myPhoneIds(t);
    t.clock.advance(BOOT_MS);
    expect(codeOf(await power('reboot', id!))).toBe(0);
    const again = envelope(await power('reboot', id!));
    expect(again).toEqual({ code: 429, msg: 'Please do not operate frequently', data: null });
    t.clock.advance(TASK_DURATION_MS.reboot);
    expect(await statusOf(id!)).toBe('online');
    expect(codeOf(await power('reset', id!))).toBe(429);
    expect(codeOf(await power('reboot', other!))).toBe(0);
    t.clock.advance(10_000 - TASK_DURATION_MS.reboot);
    expect(codeOf(await power('reboot', id!))).toBe(0);
  });

  it('refuses power operations on an expired phone (1305) and one with under 10 minutes left (1304)', async () => {
    const trial = (await myPhoneIds(t))[3]!;
    await t.travel(DAY - 10 * MINUTE);
    expect(codeOf(await power('reboot', trial))).toBe(0);
    t.clock.advance(1);
    for (const operation of ['reboot', 'reset'] as const) {
      expect(envelope(await power(operation, trial))).toEqual({
        code: ERRORS.deviceValidityTooShort.code,
        msg: ERRORS.deviceValidityTooShort['en-US'],
        data: null,
      });
    }
    t.clock.advance(10 * MINUTE);
    for (const operation of ['reboot', 'reset'] as const) {
      expect(envelope(await power(operation, trial))).toMatchObject({ code: 1305, msg: 'Device expired' });
    }
  });

  it('refuses power operations on a phone the host set to maintenance (1307)', async () => {
    const [id] = await myPhoneIds(t);
    t.clock.advance(BOOT_MS);
    t.host.fleet.setOperatorState(await instanceOf(t, id!), 'maintenance');
    expect(await statusOf(id!)).toBe('maintenance');
    for (const operation of ['reboot', 'reset'] as const) {
      expect(envelope(await power(operation, id!))).toMatchObject({ code: ERRORS.deviceUnavailable.code });
    }
    t.host.fleet.setOperatorState(await instanceOf(t, id!), null);
    expect(codeOf(await power('reboot', id!))).toBe(0);
  });

  it("answers 1322 to a power operation on another user's phone, which keeps running", async () => {
    const [theirs] = await givePhones(t, t.other, 1, 30);
    t.clock.advance(BOOT_MS);
    for (const operation of ['reboot', 'reset'] as const) {
      expect(codeOf(await power(operation, theirs!.id))).toBe(ERRORS.phoneNotFound.code);
    }
    expect(t.host.fleet.get(theirs!.instanceNo)!.status()).toBe('online');
  });
});
