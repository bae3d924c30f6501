import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '@cloudphone/contracts/errors';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf, tenantHeaders } from './helpers/requests';

const GET_CONFIG = '/api/infra/config/get-config';

/** Every route of this wave, as the OpenAPI document must list it. */
const ROUTES = [
  ['get', '/api/merchant/client/get-client-secure-data'],
  ['get', '/api/merchant/client/get-about-app'],
  ['get', '/api/merchant/client-function/list'],
  ['get', '/api/merchant/config/getKeys'],
  ['get', '/api/merchant/customer-service/get'],
  ['post', '/api/infra/config/get-config'],
  ['get', '/api/cms/agreement/get-name'],
  ['get', '/api/cms/agreement/get-content'],
  ['get', '/api/cms/advertisement/list'],
  ['get', '/api/device/grade/list'],
  ['post', '/api/merchant/auth/send-sms-code'],
  ['post', '/api/merchant/auth/send-sms-code-logging'],
  ['post', '/api/merchant/auth/sms-login'],
  ['post', '/api/merchant/auth/login'],
  ['post', '/api/merchant/auth/refresh-token'],
  ['post', '/api/merchant/auth/logout'],
  ['get', '/api/merchant/auth/validate-auth-code'],
  ['post', '/api/merchant/auth/validate-sms-code'],
  ['post', '/api/merchant/auth/one-click-login'],
  ['get', '/api/merchant/user/get'],
  ['put', '/api/merchant/user/update'],
  ['put', '/api/merchant/user/update-password'],
  ['put', '/api/merchant/user/reset-password'],
  ['put', '/api/merchant/user/unregister'],
  ['put', '/api/merchant/user/can-change-mobile'],
  ['put', '/api/merchant/user/change-mobile'],
  ['get', '/api/merchant/user/login-device/list'],
  ['put', '/api/merchant/user/login-device/sign-out'],
  ['post', '/api/device/user/phone/security-token'],
  ['get', '/api/device/user/phone/list'],
  ['put', '/api/device/user/phone/rename'],
  ['put', '/api/device/user/phone/reboot'],
  ['put', '/api/device/user/phone/reset'],
  ['put', '/api/device/user/phone/screenshot'],
  ['put', '/api/device/user/phone/set-resolution'],
  ['put', '/api/device/user/phone/set-root'],
  ['get', '/api/device/user/phone/status'],
  ['get', '/api/device/user/phone/get-extend-batch'],
  ['put', '/api/device/user/phone/set-group'],
  ['get', '/api/device/phone-group/simple-list'],
  ['post', '/api/device/phone-group/create'],
  ['put', '/api/device/phone-group/update'],
  ['delete', '/api/device/phone-group/delete'],
  ['get', '/api/device/phone-mock-model/current'],
  ['get', '/api/device/phone-mock-model/list-manufacturer'],
  ['get', '/api/device/phone-mock-model/list'],
  ['post', '/api/device/phone-mock-model/mock'],
  ['get', '/api/trade/product/list'],
  ['post', '/api/trade/order/quote'],
  ['post', '/api/trade/order/create'],
  ['get', '/api/trade/order/get'],
  ['get', '/api/trade/order/page'],
  ['put', '/api/trade/order/cancel'],
  ['get', '/api/trade/order/upgrade-options'],
  ['get', '/api/trade/pay/methods'],
  ['post', '/api/trade/pay/submit'],
  ['post', '/api/trade/pay/simulate'],
  ['post', '/api/trade/pay/activation-code'],
  ['post', '/api/trade/pay/notify/simulated'],
  ['post', '/api/trade/pay/notify/wechat'],
  ['post', '/api/trade/pay/notify/alipay'],
  ['post', '/api/promotion/activation-code/activate'],
  ['get', '/api/promotion/activation-code/record'],
  ['get', '/api/promotion/coupon/list'],
  ['post', '/api/promotion/coupon/redeem'],
  ['get', '/api/promotion/coupon/gift-bag'],
  ['post', '/api/promotion/coupon/gift-bag/claim'],
  ['get', '/api/files/page'],
  ['delete', '/api/files/delete'],
  ['post', '/api/files/push'],
  ['get', '/api/files/push/page'],
  ['put', '/api/files/push/retry'],
  ['post', '/api/device/grant/create'],
  ['post', '/api/device/grant/use-code'],
  ['put', '/api/device/grant/revoke'],
  ['get', '/api/device/grant/page'],
  ['get', '/api/device/grant/get'],
  ['put', '/api/device/grant/code/clear'],
  ['put', '/api/device/grant/code/cancel'],
  ['post', '/api/device/user/phone/replace-preview'],
  ['post', '/api/device/user/phone/replace-submit'],
  ['put', '/api/device/user/phone/give'],
  ['put', '/api/device/user/phone/give-check'],
  ['post', '/api/device/user/phone/new-machine'],
  ['get', '/api/device/user/phone/new-machine/page'],
  ['get', '/api/device/user/phone/transfer/page'],
  // Test support, present while the console SMS provider is active outside production.
  ['get', '/api/dev/sms-outbox'],
  ['post', '/api/dev/sms-codes/expire'],
] as const;

describeEachDatabase('envelope, XSRF and API docs', (open) => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(await open());
  });
  afterEach(async () => {
    await app.close();
  });

  async function postConfig(headers: Record<string, string>, cookies: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: GET_CONFIG,
      headers: { ...(await tenantHeaders(app, 'demo')), ...headers },
      cookies,
      payload: { keys: ['app.version'] },
    });
  }

  describe('XSRF double submit', () => {
    it('refuses a state-changing call whose header differs from the XSRF cookie', async () => {
      const response = await postConfig({ 'x-xsrf-token': 'b' }, { 'XSRF-TOKEN': 'a' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 403, msg: ERRORS.forbidden['zh-CN'], data: null });
    });

    it('refuses a state-changing call that holds the cookie but sends no header', async () => {
      const response = await postConfig({}, { 'XSRF-TOKEN': 'a' });
      expect(response.json()).toMatchObject({ code: 403 });
    });

    it('accepts a state-changing call whose header matches the XSRF cookie', async () => {
      const response = await postConfig({ 'x-xsrf-token': 'a' }, { 'XSRF-TOKEN': 'a' });
      expect(dataOf(response)).toEqual({ 'app.version': '0.1.0' });
    });

    it('accepts a call without the cookie and hands out a fresh XSRF cookie', async () => {
      const response = await postConfig({});
      expect(dataOf(response)).toEqual({ 'app.version': '0.1.0' });
      const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.value).toMatch(/^[0-9a-f]{32}$/);
      expect(cookie?.path).toBe('/');
    });

    it('lets a reading call through whatever its XSRF header', async () => {
      const response = await app.inject({
        url: '/api/merchant/client/get-client-secure-data?clientNo=demo',
        headers: { 'x-xsrf-token': 'b' },
        cookies: { 'XSRF-TOKEN': 'a' },
      });
      expect(response.json()).toMatchObject({ code: 0 });
    });
  });

  describe('envelope', () => {
    it('answers a malformed JSON body as an invalid parameter, not 400 or 500', async () => {
      const response = await app.inject({
        method: 'POST',
        url: GET_CONFIG,
        headers: { ...(await tenantHeaders(app, 'demo')), 'content-type': 'application/json' },
        payload: '{"keys": [',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 1001, msg: ERRORS.invalidParameter['zh-CN'], data: null });
    });

    it('answers an unknown /api path with a 404 envelope in the caller language', async () => {
      const response = await app.inject({ url: '/api/no/such/call', headers: { 'accept-language': 'en-US' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: ERRORS.interfaceNotFound['en-US'], data: null });
    });

    it('answers an unknown method on a known path with a 404 envelope', async () => {
      const response = await app.inject({ method: 'DELETE', url: '/api/device/grade/list' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404 });
    });

    it('answers a server fault with HTTP 500 and the system-exception text, never the cause', async () => {
      vi.spyOn(app.repos.catalogue, 'grades').mockRejectedValueOnce(new Error('disk on fire at grade.ts:12'));
      const response = await app.inject({ url: '/api/device/grade/list', headers: await tenantHeaders(app, 'demo') });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, msg: ERRORS.systemException['zh-CN'], data: null });
    });
  });

  describe('OpenAPI', () => {
    it('lists every route with its method in /api/openapi.json', async () => {
      const response = await app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ openapi: string; paths: Record<string, Record<string, { summary: string }>> }>();
      expect(document.openapi).toMatch(/^3\./);
      for (const [method, path] of ROUTES) {
        expect(document.paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
      }
      expect(Object.keys(document.paths).sort()).toEqual(ROUTES.map(([, path]) => path).sort());
    });

    it('documents the tenant headers on tenant routes and not on public ones', async () => {
      type Operation = { parameters: { name: string; in: string }[] };
      const { paths } = (await app.inject({ url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, Operation>>;
      }>();
      const headerNames = (op: Operation | undefined) =>
        op?.parameters.filter((p) => p.in === 'header').map((p) => p.name);
      expect(headerNames(paths['/api/device/grade/list']?.get)).toEqual(['tenant-id', 'client-id']);
      expect(headerNames(paths['/api/merchant/client/get-client-secure-data']?.get)).toEqual([]);
    });

    it('serves the docs page as HTML', async () => {
      const response = await app.inject({ url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('/api/openapi.json');
    });
  });
});
