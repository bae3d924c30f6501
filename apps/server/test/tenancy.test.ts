import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '@cloudphone/contracts/errors';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf, envelope, tenantHeaders } from './helpers/requests';

/** Routes that need the caller's tenant (DESIGN §3): each must refuse a caller that names none, or a foreign one. */
const TENANT_ROUTES = [
  { method: 'GET', url: '/api/merchant/client-function/list' },
  { method: 'GET', url: '/api/merchant/config/getKeys?keys=give.batch.count' },
  { method: 'GET', url: '/api/merchant/customer-service/get' },
  { method: 'GET', url: '/api/cms/advertisement/list?adPosition=1' },
  { method: 'GET', url: '/api/device/grade/list' },
  { method: 'POST', url: '/api/infra/config/get-config', payload: { keys: ['app.version'] } },
] as const;

describeEachDatabase('tenancy', (open) => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(await open());
  });
  afterEach(async () => {
    await app.close();
  });

  function call(route: (typeof TENANT_ROUTES)[number], headers: Record<string, string>) {
    return app.inject({
      method: route.method,
      url: route.url,
      headers,
      ...('payload' in route ? { payload: route.payload } : {}),
    });
  }

  it.each(TENANT_ROUTES)('refuses $method $url without tenant headers', async (route) => {
    const body = envelope(await call(route, {}));
    expect(body).toEqual({ code: 1102, msg: ERRORS.tenantMismatch['zh-CN'], data: null });
  });

  it.each(TENANT_ROUTES)('refuses $method $url naming a client of another tenant', async (route) => {
    const foreign = await tenantHeaders(app, 'tenant100');
    const body = envelope(await call(route, { 'tenant-id': '1', 'client-id': foreign['client-id'] ?? '' }));
    expect(body.code).toBe(1102);
    expect(body.data).toBeNull();
  });

  it.each(TENANT_ROUTES)('answers $method $url for a client of the named tenant', async (route) => {
    expect(envelope(await call(route, await tenantHeaders(app, 'demo'))).code).toBe(0);
  });

  it('refuses a client id that does not exist', async () => {
    const response = await app.inject({
      url: '/api/device/grade/list',
      headers: { 'tenant-id': '1', 'client-id': '999999' },
    });
    expect(envelope(response).code).toBe(1102);
  });

  it('refuses tenant headers that are not positive whole numbers', async () => {
    for (const headers of [
      { 'tenant-id': 'one', 'client-id': '1' },
      { 'tenant-id': '1', 'client-id': '1.5' },
      { 'tenant-id': '0', 'client-id': '1' },
      { 'tenant-id': '1', 'client-id': '-1' },
    ]) {
      const response = await app.inject({ url: '/api/device/grade/list', headers });
      expect(envelope(response).code, JSON.stringify(headers)).toBe(1102);
    }
  });

  it('refuses a client id beyond any stored id instead of failing', async () => {
    const response = await app.inject({
      url: '/api/device/grade/list',
      headers: { 'tenant-id': '1', 'client-id': '99999999999' },
    });
    expect(envelope(response).code).toBe(1102);
  });

  it('answers the refusal in English for an English caller', async () => {
    const response = await app.inject({ url: '/api/device/grade/list', headers: { 'accept-language': 'en' } });
    expect(envelope(response).msg).toBe(ERRORS.tenantMismatch['en-US']);
  });

  it('keeps each tenant to its own client even after the other was looked up', async () => {
    const demo = await tenantHeaders(app, 'demo');
    const ai = await tenantHeaders(app, 'tenant100');
    dataOf(await app.inject({ url: '/api/device/grade/list', headers: demo }));
    dataOf(await app.inject({ url: '/api/device/grade/list', headers: ai }));
    const crossed = await app.inject({
      url: '/api/device/grade/list',
      headers: { 'tenant-id': ai['tenant-id'] ?? '', 'client-id': demo['client-id'] ?? '' },
    });
    expect(envelope(crossed).code).toBe(1102);
  });
});
