import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CLIENT_CONFIG_DEFAULTS, LIMIT_CONFIG_DEFAULTS } from '@cloudphone/contracts/config-keys';
import type { FieldError } from '@cloudphone/contracts/envelope';
import { ERRORS } from '@cloudphone/contracts/errors';
import { demoDownloadUrl } from '../src/seed/demo';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf, envelope, tenantHeaders } from './helpers/requests';

const GET_KEYS = '/api/merchant/config/getKeys';
const GET_CONFIG = '/api/infra/config/get-config';

describeEachDatabase('configuration', (open) => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(await open());
  });
  afterEach(async () => {
    await app.close();
  });

  async function limits(clientNo: string, keys: string) {
    const response = await app.inject({ url: `${GET_KEYS}?keys=${keys}`, headers: await tenantHeaders(app, clientNo) });
    return dataOf<Record<string, number>>(response);
  }

  it('gives the default of each limit a tenant has not set', async () => {
    expect(await limits('demo', 'give.batch.count,template.user.max')).toEqual({
      'give.batch.count': LIMIT_CONFIG_DEFAULTS['give.batch.count'],
      'template.user.max': LIMIT_CONFIG_DEFAULTS['template.user.max'],
    });
  });

  it("gives a tenant's stored limit to that tenant only", async () => {
    await app.repos.config.setTenantValue(1, 'give.batch.count', '3');
    expect(await limits('demo', 'give.batch.count')).toEqual({ 'give.batch.count': 3 });
    expect(await limits('tenant100', 'give.batch.count')).toEqual({
      'give.batch.count': LIMIT_CONFIG_DEFAULTS['give.batch.count'],
    });
  });

  it('leaves unknown limit keys out and tolerates spaces and empty entries', async () => {
    expect(await limits('demo', 'no.such.key,%20clone.batch.count%20,,')).toEqual({
      'clone.batch.count': LIMIT_CONFIG_DEFAULTS['clone.batch.count'],
    });
  });

  it('refuses getKeys without keys as an invalid parameter', async () => {
    const body = envelope(await app.inject({ url: GET_KEYS, headers: await tenantHeaders(app, 'demo') }));
    expect(body.code).toBe(1001);
    expect(body.data).toEqual([expect.objectContaining({ field: 'keys' })]);
  });

  it('gives client settings with their defaults filled in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: GET_CONFIG,
      headers: await tenantHeaders(app, 'demo'),
      payload: { keys: ['app.version', 'domain.old'] },
    });
    expect(dataOf(response)).toEqual({
      'app.version': CLIENT_CONFIG_DEFAULTS['app.version'],
      'domain.old': CLIENT_CONFIG_DEFAULTS['domain.old'],
    });
  });

  it("gives a client's stored setting to that client only", async () => {
    const demo = await app.repos.clients.findByClientNo('demo');
    await app.repos.config.setClientValue(demo?.id ?? 0, 'download.url', 'https://example.com/desktop');
    const ask = async (clientNo: string) =>
      dataOf<Record<string, string>>(
        await app.inject({
          method: 'POST',
          url: GET_CONFIG,
          headers: await tenantHeaders(app, clientNo),
          payload: { keys: ['download.url'] },
        }),
      );
    expect(await ask('demo')).toEqual({ 'download.url': 'https://example.com/desktop' });
    expect(await ask('tenant100')).toEqual({ 'download.url': demoDownloadUrl('tenant100') });
  });

  it("points each demo client's desktop download at the desktop UI this server serves for it", async () => {
    for (const clientNo of ['demo', 'tenant100']) {
      const response = await app.inject({
        method: 'POST',
        url: GET_CONFIG,
        headers: await tenantHeaders(app, clientNo),
        payload: { keys: ['download.url'] },
      });
      expect(dataOf(response)).toEqual({ 'download.url': `/desktop/${clientNo}` });
    }
  });

  it('refuses get-config with an unknown key and lists the failing field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: GET_CONFIG,
      headers: { ...(await tenantHeaders(app, 'demo')), 'accept-language': 'en-US' },
      payload: { keys: ['app.version', 'no.such.key'] },
    });
    const body = envelope<FieldError[]>(response);
    expect(body.code).toBe(1001);
    expect(body.msg).toBe(ERRORS.invalidParameter['en-US']);
    expect(body.data.map((f) => f.field)).toEqual(['keys.1']);
    expect(body.data[0]?.message).toEqual(expect.any(String));
  });

  it('refuses get-config without a key list and lists the failing field', async () => {
    for (const payload of [{}, { keys: [] }, { keys: 'app.version' }]) {
      const response = await app.inject({
        method: 'POST',
        url: GET_CONFIG,
        headers: await tenantHeaders(app, 'demo'),
        payload,
      });
      const body = envelope<FieldError[]>(response);
      expect(body.code, JSON.stringify(payload)).toBe(1001);
      expect(body.data.map((f) => f.field)).toEqual(['keys']);
    }
  });
});
