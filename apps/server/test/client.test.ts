import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AboutApp, ClientFunction, ClientSecureData } from '@cloudphone/contracts/client';
import { ERRORS } from '@cloudphone/contracts/errors';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf, envelope, tenantHeaders } from './helpers/requests';

const SECURE_DATA = '/api/merchant/client/get-client-secure-data';
const ABOUT_APP = '/api/merchant/client/get-about-app';
const FUNCTION_LIST = '/api/merchant/client-function/list?functionType=1';

describeEachDatabase('client lookup and function list', (open) => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(await open());
  });
  afterEach(async () => {
    await app.close();
  });

  async function functionKeys(clientNo: string): Promise<string[]> {
    const response = await app.inject({ url: FUNCTION_LIST, headers: await tenantHeaders(app, clientNo) });
    return dataOf<ClientFunction[]>(response).map((fn) => fn.key);
  }

  it('resolves the demo client number to tenant 1 on the h5 platform', async () => {
    const data = dataOf<ClientSecureData>(await app.inject({ url: `${SECURE_DATA}?clientNo=demo` }));
    const demo = await app.repos.clients.findByClientNo('demo');
    expect(data).toEqual({ tenantId: 1, clientId: demo?.id, platform: 'h5' });
  });

  it('resolves a client number whatever its case', async () => {
    const upper = dataOf<ClientSecureData>(await app.inject({ url: `${SECURE_DATA}?clientNo=DEMO` }));
    const lower = dataOf<ClientSecureData>(await app.inject({ url: `${SECURE_DATA}?clientNo=demo` }));
    expect(upper).toEqual(lower);
  });

  it('answers an unknown client number with the catalogue message in Chinese by default', async () => {
    const body = envelope(await app.inject({ url: `${SECURE_DATA}?clientNo=nobody` }));
    expect(body).toEqual({ code: 1101, msg: ERRORS.clientNotFound['zh-CN'], data: null });
  });

  it('answers an unknown client number with the catalogue message in English', async () => {
    const response = await app.inject({
      url: `${SECURE_DATA}?clientNo=nobody`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(envelope(response)).toMatchObject({ code: 1101, msg: 'Client number does not exist' });
  });

  it('refuses a lookup without a client number as an invalid parameter', async () => {
    const body = envelope(await app.inject({ url: SECURE_DATA }));
    expect(body.code).toBe(1001);
    expect(body.data).toEqual([expect.objectContaining({ field: 'clientNo' })]);
  });

  it('describes tenant 100 with its own theme, AI mode and both agreements', async () => {
    const about = dataOf<AboutApp>(await app.inject({ url: `${ABOUT_APP}?clientNo=tenant100` }));
    expect(about).toMatchObject({ clientName: 'Cloudphone AI', theme: 'tenant100', aiMode: true, version: '0.1.0' });
    expect(about.firstAgreement).toEqual({ type: 1, name: '用户协议' });
    expect(about.secondAgreement).toEqual({ type: 2, name: '隐私政策' });
  });

  it('describes the demo client with the default theme and without AI mode', async () => {
    const about = dataOf<AboutApp>(await app.inject({ url: `${ABOUT_APP}?clientNo=demo` }));
    expect(about).toMatchObject({ theme: 'default', aiMode: false });
  });

  it('lists only enabled functions, so a switched-off entry vanishes', async () => {
    expect(await functionKeys('demo')).toContain('clone_button');
    await app.services.tenantAdmin.setFunction('demo', 'clone_button', false);
    const keys = await functionKeys('demo');
    expect(keys).not.toContain('clone_button');
    expect(keys).toContain('reboot_button');
  });

  it('offers a freshly created client only activation code and product order', async () => {
    await app.services.tenantAdmin.createClient({ tenantId: 1, clientNo: 'shop2', name: 'Shop' });
    expect((await functionKeys('shop2')).sort()).toEqual(['activation_code', 'product_buy']);
  });

  it('lists the enabled functions with their names and enable flags', async () => {
    const response = await app.inject({ url: FUNCTION_LIST, headers: await tenantHeaders(app, 'demo') });
    const list = dataOf<ClientFunction[]>(response);
    expect(list.every((fn) => fn.enable && fn.name.length > 0)).toBe(true);
    expect(list.find((fn) => fn.key === 'activation_code')).toEqual({
      key: 'activation_code',
      name: 'Activation code',
      props: {},
      enable: true,
    });
  });
});
