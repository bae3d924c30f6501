import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { OperatorRole } from '@cloudphone/contracts/operators';
import { DEMO_USER } from '../src/seed/demo';
import { describeEachDatabase } from './helpers/databases';
import { signedInOperator } from './helpers/operators';
import { usePhoneApp } from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';

/**
 * The console's customers (issue 63): found by mobile or UID, shown as their own app shows them,
 * stopped (signed out everywhere, sign-in refused with its own message) and let in again, given
 * coupons — each tenant's customers its own operators' only, each change an audit row.
 */
describeEachDatabase('the console’s customers (issue 63)', (open) => {
  const t = usePhoneApp(open);
  const operator = (role: OperatorRole, tenantId = t.me.tenantId) =>
    signedInOperator(t.app, tenantId, role, { now: t.clock.now() });
  const admin = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, payload, headers: { authorization: `Bearer ${token}` } });

  it('finds a customer by mobile and shows what their app shows; another tenant’s operator finds nothing', async () => {
    const support = await operator('support');
    const found = dataOf<{ list: { userId: number; mobile: string }[]; total: number }>(
      await admin(support, 'GET', `/api/admin/customers/search?mobile=${DEMO_USER.mobile}`),
    );
    expect(found.list).toEqual([expect.objectContaining({ userId: t.me.userId, mobile: DEMO_USER.mobile })]);
    const detail = dataOf<{ phones: unknown[]; phoneTotal: number; devices: unknown[] }>(
      await admin(support, 'GET', `/api/admin/customers/detail?userId=${t.me.userId}`),
    );
    const own = dataOf<{ total: number }>(await t.call('GET', '/api/device/user/phone/list?pageSize=50'));
    expect(detail.phoneTotal).toBe(own.total);
    expect(detail.devices.length).toBeGreaterThan(0);
    // Support reads; it changes nothing.
    expect(
      codeOf(
        await admin(support, 'POST', '/api/admin/customers/set-disabled', { userId: t.me.userId, disabled: true }),
      ),
    ).toBe(ERRORS.operatorRoleForbidden.code);

    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    const theirs = await operator('owner', other.id);
    const search = await admin(theirs, 'GET', `/api/admin/customers/search?mobile=${DEMO_USER.mobile}`);
    expect(dataOf<{ total: number }>(search).total).toBe(0);
    expect(codeOf(await admin(theirs, 'GET', `/api/admin/customers/detail?userId=${t.me.userId}`))).toBe(
      ERRORS.customerNotFound.code,
    );
  });

  it('stops a customer at their next request and refuses their sign-in with its message; enabled, they sign in', async () => {
    const ops = await operator('operations');
    const owner = await operator('owner');
    const set = (disabled: boolean) =>
      admin(ops, 'POST', '/api/admin/customers/set-disabled', { userId: t.me.userId, disabled });
    expect(dataOf(await set(true))).toMatchObject({ status: 'disabled' });
    expect(codeOf(await t.call('GET', '/api/device/user/phone/list'))).toBe(ERRORS.sessionInvalid.code);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(ERRORS.accountSuspended.code);
    // A wrong password learns nothing of it.
    expect(codeOf(await t.api.login(DEMO_USER.mobile, 'wrong-one1'))).toBe(ERRORS.loginFailed.code);
    expect(dataOf(await set(false))).toMatchObject({ status: 'active' });
    expect((await t.api.loginOk()).accessToken).toBeTruthy();

    const trail = dataOf<{ list: { action: string; before: unknown; after: unknown }[] }>(
      await admin(owner, 'GET', '/api/admin/audit/list'),
    ).list;
    expect(trail.slice(0, 2)).toMatchObject([
      { action: 'customer.enable', before: { status: 'disabled' }, after: { status: 'active' } },
      { action: 'customer.disable', before: { status: 'active' }, after: { status: 'disabled' } },
    ]);
  });

  it('gives a customer a coupon they then hold, and records it', async () => {
    const ops = await operator('operations');
    const owner = await operator('owner');
    const coupon = { kind: 'cash', name: { 'zh-CN': '补偿券', 'en-US': 'Sorry coupon' }, amountCents: 500 };
    expect(codeOf(await admin(ops, 'POST', '/api/admin/customers/give-coupon', { userId: t.me.userId, coupon }))).toBe(
      0,
    );
    const held = dataOf<{ name: string }[]>(await t.call('GET', '/api/promotion/coupon/list'));
    expect(held.filter((c) => /Sorry coupon|补偿券/.test(c.name))).toHaveLength(1);
    const [entry] = dataOf<{ list: { action: string; after: unknown }[] }>(
      await admin(owner, 'GET', '/api/admin/audit/list'),
    ).list;
    expect(entry).toMatchObject({ action: 'customer.coupon', after: { amountCents: 500 } });
  });

  it('lists every phone of the tenant with its customer, host and what the host says, by customer and host', async () => {
    const support = await operator('support');
    const list = async (query: string) =>
      dataOf<{ list: { mobile: string; hostName: string; rental: string; status: string }[]; total: number }>(
        await admin(support, 'GET', `/api/admin/phones/search?${query}`),
      );
    const mine = await list(`mobile=${DEMO_USER.mobile}`);
    const own = dataOf<{ total: number }>(await t.call('GET', '/api/device/user/phone/list?pageSize=50'));
    expect(mine.total).toBe(own.total);
    expect(mine.list.every((p) => p.mobile === DEMO_USER.mobile && p.rental === 'active')).toBe(true);
    // Each as its host tells it now (a phone may still be booting).
    expect(mine.list.map((p) => p.status)).not.toContain('unknown');
    const onHost = await list(`host=${encodeURIComponent(mine.list[0]!.hostName)}`);
    expect(onHost.total).toBeGreaterThanOrEqual(mine.total);
    expect((await list('host=nowhere')).total).toBe(0);
    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    const theirs = await operator('owner', other.id);
    const seen = await admin(theirs, 'GET', `/api/admin/phones/search?mobile=${DEMO_USER.mobile}`);
    expect(dataOf<{ total: number }>(seen).total).toBe(0);
    expect(dataOf<{ total: number }>(await admin(theirs, 'GET', '/api/admin/phones/search')).total).toBe(0);
  });
});
