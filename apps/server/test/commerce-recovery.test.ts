import { describe, expect, it } from 'vitest';
import { BOOT_MS } from '@cloudphone/device-host';
import { describeEachDatabase } from './helpers/databases';
import { buyOf, commerceClient, PAY } from './helpers/commerce';
import { DAY } from './helpers/accounts';
import { usePhoneApp } from './helpers/phones';
import { codeOf } from './helpers/requests';
import { createRepositories } from '../src/repositories/index';
import { createServices } from '../src/services/index';
import { InProcessJobRunner } from '../src/jobs/job-runner';
import { randomKeys } from '../src/security/keys';
import { ConsoleSmsProvider } from '../src/providers/sms/console.provider';

describeEachDatabase('crash-safe delivery', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);

  it('takes one payment of an order that 10 code payments and 10 pay steps race for, with no refund due', async () => {
    const { product, pkg } = await shop().packageOf('standard', 3);
    const order = await shop().placed(buyOf(product, pkg));
    const codes = await shop().generate(pkg.packageId, 'buy', 10);
    const { simulateToken } = (
      JSON.parse((await shop().submit(order.orderNo)).body) as { data: { simulateToken: string } }
    ).data;
    const replies = await Promise.all([
      ...codes.map((code) => t.call('POST', `${PAY}/activation-code`, { payload: { orderNo: order.orderNo, code } })),
      ...codes.map(() =>
        t.call('POST', `${PAY}/simulate`, { payload: { orderNo: order.orderNo, simulateToken, outcome: 'success' } }),
      ),
    ]);
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);

    const paid = await shop().get(order.orderNo);
    expect(paid.status).toBe('shipped');
    expect(paid.remark).toBe('');
    expect(paid.userPhoneIds).toHaveLength(1);
    const notices = await t.app.db.selectFrom('payment_notice').selectAll().where('order_id', '>', 0).execute();
    expect(notices).toHaveLength(1);
    // A code is spent only if it paid: at most one of the ten.
    const spent = await t.app.db
      .selectFrom('activation_code')
      .select('code')
      .where('used_by', 'is not', null)
      .execute();
    expect(spent.filter((c) => codes.includes(c.code)).length).toBe(paid.payType === 'activation_code' ? 1 : 0);
  });

  it('makes a phone left unmade by a crash once, then completes the order when its phones run', async () => {
    const { product, pkg } = await shop().packageOf('standard', 3);
    const order = await shop().placed(buyOf(product, pkg, 2));
    // The payment commits but the process dies before the host makes the phones: the rows wait.
    const row = (await t.app.repos.orders.findByNo(order.orderNo))!;
    await t.app.repos.transaction(async (tx) => {
      await tx.orders.transition(row.id, ['to_pay'], 'to_be_allocated', t.clock.now());
      await t.app.services.fulfilment.allocateIn(tx, { ...row, status: 'to_be_allocated' });
    });
    const shipped = await shop().get(order.orderNo);
    expect(shipped.status).toBe('shipped');
    const instances = async () =>
      (await t.app.repos.userPhones.findByIds(shipped.userPhoneIds)).map((p) => t.host.fleet.get(p.instanceNo));
    expect(await instances()).toEqual([undefined, undefined]);

    // The job (run twice, as after a second crash) makes each phone once.
    await Promise.all([t.app.services.fulfilment.finishDeliveries(), t.app.services.fulfilment.finishDeliveries()]);
    const made = await instances();
    expect(made.every((p) => p !== undefined)).toBe(true);
    expect(t.host.fleet.list().filter((p) => made.includes(p))).toHaveLength(2);
    expect((await shop().get(order.orderNo)).status).toBe('shipped'); // still booting

    t.clock.advance(BOOT_MS + 1);
    expect(await t.app.services.fulfilment.finishDeliveries()).toBe(1);
    expect((await shop().get(order.orderNo)).status).toBe('completed');

    // Its time runs out: the order is expired (spec §4).
    await t.travel(3 * DAY + 1);
    expect(await t.app.services.fulfilment.expireEnded()).toBeGreaterThanOrEqual(1);
    const ended = await shop().get(order.orderNo);
    expect(ended.history.map((h) => h.status)).toEqual([
      'to_pay',
      'to_be_allocated',
      'shipped',
      'completed',
      'expired',
    ]);
  });

  it('ends access to a refunded phone from another process: the server delivers the revocation to the host', async () => {
    const { product, pkg } = await shop().packageOf('standard', 3);
    const order = await shop().paid(buyOf(product, pkg));
    const [userPhoneId] = order.userPhoneIds;
    const token = JSON.parse(
      (await t.call('POST', `/api/device/user/phone/security-token?userPhoneId=${userPhoneId}`)).body,
    ).data as { accessKey: string; instanceNo: string };
    expect(typeof t.host.access.check(token.accessKey, token.instanceNo)).toBe('object');

    // The admin CLI: its own services on the same database, running no jobs.
    const cli = createServices({
      repos: createRepositories(t.app.db),
      keys: randomKeys(),
      sms: new ConsoleSmsProvider(() => undefined, t.clock.now),
      clock: t.clock,
      jobs: new InProcessJobRunner({ triggers: false, onError: () => undefined }),
      blobs: t.app.blobs,
    });
    t.clock.advance(1);
    await cli.fulfilment.refund(order.orderNo, 'operator');
    expect(typeof t.host.access.check(token.accessKey, token.instanceNo)).toBe('object');

    // The server's revocation job picks it up.
    expect(await t.app.services.endOfAccess.deliverPending()).toBe(1);
    expect(t.host.access.check(token.accessKey, token.instanceNo)).toBe('revoked');
    expect(await t.app.services.endOfAccess.deliverPending()).toBe(0);
    expect(codeOf(await t.call('POST', `/api/device/user/phone/security-token?userPhoneId=${userPhoneId}`))).not.toBe(
      0,
    );
  });
});

describe('the job runner', () => {
  it('never overlaps runs of one job and runs once more for a trigger that came during a run', async () => {
    const jobs = new InProcessJobRunner({ triggers: true, onError: () => undefined });
    let running = 0;
    let most = 0;
    let runs = 0;
    jobs.define('work', 60_000, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      runs++;
    });
    const first = jobs.runNow('work');
    jobs.trigger('work');
    jobs.trigger('work');
    await first;
    expect(most).toBe(1);
    expect(runs).toBe(2);
    await jobs.stop();
  });
});
