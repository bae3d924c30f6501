import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '@cloudphone/contracts/errors';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf, tenantHeaders } from './helpers/requests';

const GET_CONFIG = '/api/infra/config/get-config';

/** Every route of this wave, as the OpenAPI document must list it. */

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
    // Which routes: the endpoint catalogue's test compares the document with the catalogue.
    it('describes every operation with a summary in /api/openapi.json', async () => {
      const response = await app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ openapi: string; paths: Record<string, Record<string, { summary: string }>> }>();
      expect(document.openapi).toMatch(/^3\./);
      const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
      expect(operations.length).toBeGreaterThan(50);
      for (const operation of operations) expect(operation.summary).toEqual(expect.any(String));
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
