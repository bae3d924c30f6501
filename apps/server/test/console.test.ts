import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import { OPERATOR_ROLES, operatorMay, type ConsoleAction, type OperatorRole } from '@cloudphone/contracts/operators';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';
import { cliActor } from '../src/cli/console.commands';
import { catalogueEndpoints } from './helpers/catalogue';
import { buyOf, commerceClient } from './helpers/commerce';
import { describeEachDatabase } from './helpers/databases';
import { usePhoneApp } from './helpers/phones';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { OPERATOR_PASSWORD, signedInOperator } from './helpers/operators';

/**
 * The console (issue 62): operators apart from customers, one role table for every `/api/admin` entry,
 * each tenant's data its own operators' only, and every change an audit row with its before and after.
 */
const PASSWORD = OPERATOR_PASSWORD;

/** A call with a body or query the entry accepts, so only the role can refuse it. */
const SAMPLE_CALLS: Record<string, { payload?: object; query?: string }> = {
  '/api/admin/operators/create': { payload: { login: 'walker', password: PASSWORD, role: 'support' } },
  '/api/admin/catalogue/add-package': {
    payload: { gradeId: 0, name: { 'zh-CN': '走查', 'en-US': 'Walk' }, durationDays: 1, priceCents: 1 },
  },
  '/api/admin/catalogue/grade-price': { payload: { gradeId: 0, dayPriceCents: 1 } },
  '/api/admin/codes/generate': { payload: { packageId: 0, count: 1 } },
  '/api/admin/orders/refund': { payload: { orderNo: 'none', reason: 'walk' } },
  '/api/admin/orders/detail': { query: '?orderNo=none' },
  '/api/admin/codes/void': { payload: { codes: ['NONE'] } },
  '/api/admin/codes/export': { query: '?batchNo=none' },
  '/api/admin/operators/set-disabled': { payload: { operatorId: 2_000_000_000, disabled: true } },
  '/api/admin/customers/detail': { query: '?userId=2000000000' },
  '/api/admin/customers/set-disabled': { payload: { userId: 2_000_000_000, disabled: true } },
  '/api/admin/customers/give-coupon': {
    payload: { userId: 2_000_000_000, coupon: { kind: 'cash', name: 'Walk', amountCents: 100 } },
  },
  '/api/admin/clients/theme': { payload: { clientId: 2_000_000_000, theme: 'default' } },
  '/api/admin/clients/logo': { payload: { clientId: 2_000_000_000, image: 'AAAA' } },
  '/api/admin/clients/function': { payload: { clientId: 2_000_000_000, key: 'discovery', enable: true } },
  '/api/admin/clients/agreement': {
    payload: {
      clientId: 2_000_000_000,
      type: 1,
      name: { 'zh-CN': '走查', 'en-US': 'Walk' },
      content: { 'zh-CN': 'x', 'en-US': 'x' },
    },
  },
  '/api/admin/clients/customer-service': { payload: { clientId: 2_000_000_000, link: '', workTime: '' } },
  '/api/admin/clients/setting': { payload: { clientId: 2_000_000_000, key: 'download.url', value: '' } },
  '/api/admin/clients/limit': { payload: { key: 'clone.batch.count', value: 10 } },
  '/api/admin/hosts/drain': { payload: { name: 'no-such-host', draining: false } },
  '/api/admin/hosts/token': { payload: { name: 'walk-host', minutes: 1 } },
  '/api/admin/wallets/set': { payload: { clientId: 2_000_000_000, wallet: 'alipay', settings: {} } },
  '/api/admin/wallets/off': { payload: { clientId: 2_000_000_000, wallet: 'alipay' } },
  '/api/admin/discover/banners': { query: '?clientId=2000000000' },
  '/api/admin/discover/pages': { query: '?clientId=2000000000' },
  '/api/admin/discover/games': { query: '?clientId=2000000000' },
  '/api/admin/discover/banners/remove': { payload: { clientId: 2_000_000_000, id: 1 } },
  '/api/admin/discover/pages/remove': { payload: { clientId: 2_000_000_000, id: 1 } },
  '/api/admin/discover/games/remove': { payload: { clientId: 2_000_000_000, id: 1 } },
  '/api/admin/messages/assistant/set': { payload: { url: '', model: '' } },
  '/api/admin/messages/analytics-forward/set': { payload: { url: '' } },
  '/api/admin/dashboard': { query: '?from=2026-01-01&to=2026-01-01' },
};

describeEachDatabase('the console (issue 62)', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);

  /** A new operator of the tenant (another's when given), signed in with its second factor: its token. */
  const operator = (role: OperatorRole, tenantId = t.me.tenantId) =>
    signedInOperator(t.app, tenantId, role, { now: t.clock.now() });
  const admin = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, payload, headers: { authorization: `Bearer ${token}` } });

  it('signs an operator in only with the second factor, and keeps operators and customers apart', async () => {
    const { totpSecret } = await t.app.services.operators.create(cliActor(), {
      tenantId: t.me.tenantId,
      login: 'ops',
      password: PASSWORD,
      role: 'operations',
    });
    const signIn = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/session/sign-in',
        payload: { tenantId: t.me.tenantId, login: 'ops', password: PASSWORD, code },
      });
    expect(codeOf(await signIn('000000'))).toBe(ERRORS.operatorSignInFailed.code);
    const code = await generate({ secret: totpSecret, epoch: Math.floor(t.clock.now() / 1000) });
    const { accessToken } = dataOf<{ accessToken: string }>(await signIn(code));
    expect(dataOf(await admin(accessToken, 'GET', '/api/admin/session/me'))).toMatchObject({ login: 'ops' });
    // An operator's token is no customer's, and a customer's no operator's.
    expect(codeOf(await t.call('GET', '/api/device/user/phone/list', { token: accessToken }))).toBe(
      ERRORS.tokenExpired.code,
    );
    expect(codeOf(await admin(t.me.token, 'GET', '/api/admin/catalogue/grades'))).toBe(ERRORS.tokenExpired.code);
  });

  it('lets each role do exactly what the role table says, on every /api/admin entry', async () => {
    const entries = (await catalogueEndpoints()).filter((e) => e.path.startsWith('/api/admin/')) as (Endpoint & {
      console?: ConsoleAction;
    })[];
    expect(entries.length).toBeGreaterThanOrEqual(10);
    // A tenant's operators, and the platform's working on that tenant (hosts are the platform's only).
    const refusals = [ERRORS.operatorRoleForbidden.code, ERRORS.platformOperatorOnly.code];
    for (const tenantId of [t.me.tenantId, null])
      for (const role of OPERATOR_ROLES) {
        const token = await signedInOperator(t.app, tenantId, role, { now: t.clock.now() });
        for (const entry of entries.filter((e) => e.access === 'operator')) {
          const sample = SAMPLE_CALLS[entry.path] ?? {};
          const url = `${entry.path}${sample.query ?? ''}`;
          const reply = await t.app.inject({
            method: entry.method as 'GET',
            url,
            payload: sample.payload,
            headers: { authorization: `Bearer ${token}`, 'tenant-id': String(t.me.tenantId) },
          });
          const refused = refusals.includes(codeOf(reply));
          const allowed = entry.console === undefined || operatorMay({ role, tenantId }, entry.console);
          expect(refused, `${role} of ${tenantId} ${entry.path}: ${reply.body}`).toBe(!allowed);
        }
      }
  });

  it('lets a platform operator work on the tenant it names, and a tenant operator on its own whatever it names', async () => {
    const platform = await signedInOperator(t.app, null, 'owner', { now: t.clock.now(), login: 'platform-owner' });
    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    const grades = (token: string, tenant?: number) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/catalogue/grades',
        headers: { authorization: `Bearer ${token}`, ...(tenant ? { 'tenant-id': String(tenant) } : {}) },
      });
    expect(codeOf(await grades(platform))).toBe(ERRORS.tenantMismatch.code);
    expect(dataOf<unknown[]>(await grades(platform, t.me.tenantId)).length).toBeGreaterThan(0);
    expect(dataOf<unknown[]>(await grades(platform, other.id))).toEqual([]);
    const mine = await operator('owner');
    expect(dataOf<unknown[]>(await grades(mine, other.id)).length).toBeGreaterThan(0);
  });

  it('shows an operator its own tenant only', async () => {
    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    const theirs = await operator('owner', other.id);
    const mine = await operator('owner');
    const { product, pkg } = await shop().packageOf('standard', 7);
    await shop().paid(buyOf(product, pkg, 1));
    const orders = (token: string) => admin(token, 'GET', '/api/admin/orders/search');
    expect(dataOf<{ total: number }>(await orders(mine)).total).toBe(1);
    expect(dataOf<{ total: number }>(await orders(theirs)).total).toBe(0);
    expect(dataOf<unknown[]>(await admin(theirs, 'GET', '/api/admin/catalogue/grades'))).toEqual([]);
  });

  it('refunds as finance, never as support, and records every change with its before and after', async () => {
    const owner = await operator('owner');
    const finance = await operator('finance');
    const support = await operator('support');
    const { product, pkg } = await shop().packageOf('standard', 7);
    const order = await shop().paid(buyOf(product, pkg, 1));
    const refund = (token: string) =>
      admin(token, 'POST', '/api/admin/orders/refund', { orderNo: order.orderNo, reason: 'customer asked' });
    expect(codeOf(await refund(support))).toBe(ERRORS.operatorRoleForbidden.code);
    expect(dataOf(await refund(finance))).toMatchObject({ orderNo: order.orderNo, status: 'refunded' });

    const added = await admin(owner, 'POST', '/api/admin/catalogue/add-package', {
      gradeId: product.gradeId,
      name: { 'zh-CN': '季卡', 'en-US': 'Quarter' },
      durationDays: 90,
      priceCents: 9900,
    });
    const { packageId } = dataOf<{ packageId: number }>(added);
    const generated = dataOf<{ codes: string[] }>(
      await admin(owner, 'POST', '/api/admin/codes/generate', { packageId, count: 10 }),
    );
    expect(generated.codes).toHaveLength(10);

    const trail = dataOf<{ list: { action: string; actorName: string; before: unknown; after: unknown }[] }>(
      await admin(owner, 'GET', '/api/admin/audit/list?pageSize=50'),
    ).list;
    // Newest first: the codes, the package, the refund, then the operators the CLI made (and the demo's seed).
    expect(trail.map((entry) => entry.action).slice(0, 6)).toEqual([
      'codes.generate',
      'package.add',
      'order.refund',
      'operator.create',
      'operator.create',
      'operator.create',
    ]);
    expect(trail[2]).toMatchObject({
      actorName: 'finance-' + t.me.tenantId,
      before: { status: 'shipped' },
      after: { status: 'refunded', reason: 'customer asked' },
    });
    expect(trail[1]).toMatchObject({ before: null, after: { packageId, durationDays: 90 } });
    expect(trail[3]).toMatchObject({ actorName: cliActor().name });
    expect(codeOf(await admin(support, 'GET', '/api/admin/audit/list'))).toBe(ERRORS.operatorRoleForbidden.code);
    expect(envelope(await admin(finance, 'GET', '/api/admin/audit/list')).code).toBe(0);
  });

  it('voids unused codes (refused to customers since), exports a batch, shows an order’s money, disables an operator', async () => {
    const owner = await operator('owner');
    const { product, pkg } = await shop().packageOf('standard', 7);
    const { batchNo, codes } = dataOf<{ batchNo: string; codes: string[] }>(
      await admin(owner, 'POST', '/api/admin/codes/generate', { packageId: pkg.packageId, count: 3 }),
    );
    expect(dataOf<{ state: string }[]>(await shop().activate([codes[0]!], 'buy'))[0]).toMatchObject({
      state: 'success',
    });
    // The used code stays used: only the two others are voided, and a voided one no longer exists to a customer.
    expect(dataOf(await admin(owner, 'POST', '/api/admin/codes/void', { batchNo }))).toEqual({ voided: 2 });
    expect(dataOf<{ state: string }[]>(await shop().activate([codes[1]!], 'buy'))[0]).toMatchObject({
      state: 'not_exist',
    });
    const exported = dataOf<{ list: { code: string; status: string }[] }>(
      await admin(owner, 'GET', `/api/admin/codes/export?batchNo=${batchNo}`),
    );
    expect(exported.list.map((c) => [c.code, c.status])).toEqual([
      [codes[0], 'used'],
      [codes[1], 'voided'],
      [codes[2], 'voided'],
    ]);

    const order = await shop().paid(buyOf(product, pkg, 1));
    await admin(owner, 'POST', '/api/admin/orders/refund', { orderNo: order.orderNo, reason: 'asked' });
    const detail = dataOf<{ order: { status: string }; refunds: { reason: string; kind: string }[] }>(
      await admin(owner, 'GET', `/api/admin/orders/detail?orderNo=${order.orderNo}`),
    );
    expect(detail.order.status).toBe('refunded');
    expect(detail.refunds.map((r) => r.reason)).toEqual(detail.refunds.length ? ['asked'] : []);

    const support = await operator('support');
    const { operatorId } = dataOf<{ operatorId: number }>(await admin(support, 'GET', '/api/admin/session/me'));
    const { operatorId: ownId } = dataOf<{ operatorId: number }>(await admin(owner, 'GET', '/api/admin/session/me'));
    const disable = (id: number) =>
      admin(owner, 'POST', '/api/admin/operators/set-disabled', { operatorId: id, disabled: true });
    expect(codeOf(await disable(ownId))).toBe(ERRORS.operatorSelfDisable.code);
    expect(dataOf(await disable(operatorId))).toMatchObject({ disabled: true });
    // Its token ends at its next call.
    expect(codeOf(await admin(support, 'GET', '/api/admin/session/me'))).toBe(ERRORS.tokenExpired.code);
    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    const theirs = await operator('owner', other.id);
    expect(
      codeOf(await admin(theirs, 'POST', '/api/admin/operators/set-disabled', { operatorId: ownId, disabled: true })),
    ).toBe(ERRORS.operatorNotFound.code);
    const actions = dataOf<{ list: { action: string }[] }>(await admin(owner, 'GET', '/api/admin/audit/list')).list;
    expect(actions.map((entry) => entry.action).filter((action) => action !== 'operator.create')).toEqual([
      'operator.disable',
      'order.refund',
      'codes.void',
      'codes.generate',
    ]);
  });
});
