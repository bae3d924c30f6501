import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import { describeEachDatabase } from './helpers/databases';
import { DAY } from './helpers/accounts';
import { codeOf } from './helpers/requests';
import { listPhones, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

describeEachDatabase('the phone-access policy', (open) => {
  const t = usePhoneApp(open);
  const reboot = (userPhoneId: number) => t.call('PUT', `${PHONE}/reboot?userPhoneId=${userPhoneId}`);
  const lock = (ids: number[], kind: 'transferring' | 'cloning', holder: string) =>
    t.app.repos.transaction((tx) => t.app.services.phoneAccess.lock(tx, ids, kind, holder, 60_000));

  it('refuses a busy phone with the spec’s message until the operation frees it', async () => {
    const [id] = await myPhoneIds(t);
    t.clock.advance(4_000); // past booting
    await lock([id!], 'transferring', 'transfer:1');
    expect(codeOf(await reboot(id!))).toBe(ERRORS.deviceBusy.code);
    // Watching is not operating: the phone can still be opened, and shows why it is busy.
    expect(codeOf(await t.call('POST', `${PHONE}/security-token?userPhoneId=${id}`))).toBe(0);
    expect((await listPhones(t)).list.find((p) => p.userPhoneId === id)?.status).toBe('transferring');
    // Another operation cannot take it meanwhile.
    await expect(lock([id!], 'cloning', 'clone:1')).rejects.toMatchObject({ key: 'deviceBusy' });

    await t.app.services.phoneAccess.unlock([id!], 'transfer:1');
    expect(codeOf(await reboot(id!))).toBe(0);
  });

  it('lets one of 50 racing operations take a phone', async () => {
    const [id] = await myPhoneIds(t);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => lock([id!], 'cloning', `clone:${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expect(lock([id!], 'transferring', 'transfer:9')).rejects.toMatchObject({ key: 'deviceCloning' });
  });

  it('frees a lock whose operation died once its time is up', async () => {
    const [id] = await myPhoneIds(t);
    await lock([id!], 'transferring', 'transfer:dead');
    t.clock.advance(60_001);
    await expect(lock([id!], 'cloning', 'clone:2')).resolves.toBeUndefined();
  });

  it('refuses the API of a function the client switched off', async () => {
    const [id] = await myPhoneIds(t);
    t.clock.advance(4_000);
    const clientId = Number(t.api.headers['client-id']);
    for (const key of ['reboot_button', 'root_button', 'upgrade_button'] as const)
      await t.app.repos.clientFunctions.set(clientId, { key, name: key, props: {}, enable: false, sort: 0 });
    expect(codeOf(await reboot(id!))).toBe(ERRORS.functionDisabled.code);
    const root = await t.call('PUT', `${PHONE}/set-root`, { payload: { userPhoneId: id, root: true } });
    expect(codeOf(root)).toBe(ERRORS.functionDisabled.code);
    const upgrade = await t.call('POST', '/api/trade/order/quote', {
      payload: { skuType: 'upgrade', userPhoneId: id, gradeId: 2, couponId: null },
    });
    expect(codeOf(upgrade)).toBe(ERRORS.functionDisabled.code);
    // What stays on still works.
    expect(codeOf(await t.call('PUT', `${PHONE}/reset?userPhoneId=${id}`))).toBe(0);
  });

  it('counts a quota in the unit of work: 50 parallel uses of a limit of 5 give exactly 5', async () => {
    const use = () =>
      t.app.repos.transaction((tx) =>
        t.app.services.quotas.take(tx, t.me.tenantId, [
          { key: 'give.user.day.count', subject: `user:${t.me.userId}`, windowMs: DAY, error: 'transferLimit' },
        ]),
      );
    const results = await Promise.allSettled(Array.from({ length: 50 }, use));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { key: 'transferLimit' } });
    // A change that fails after counting takes its count back.
    t.clock.advance(DAY + 1);
    await expect(
      t.app.repos.transaction(async (tx) => {
        await t.app.services.quotas.take(tx, t.me.tenantId, [
          {
            key: 'give.user.day.count',
            subject: `user:${t.me.userId}`,
            windowMs: DAY,
            error: 'transferLimit',
            count: 5,
          },
        ]);
        throw new Error('the transfer failed');
      }),
    ).rejects.toThrow('the transfer failed');
    await expect(use()).resolves.toBeUndefined();
  });
});
