import { afterEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SmsScene } from '@cloudphone/contracts/auth';
import { SCREENSHOT_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { loadConfig } from '../src/config';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { AccountsClient, AUTH, DEMO_USER } from './helpers/accounts';
import { buildTestApp, describeEachDatabase, type TestAppOptions } from './helpers/databases';
import { myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';
import { codeOf, envelope } from './helpers/requests';

const NEW_MOBILE = '13711112222';

/** What the server shows to the network: headers, cookies, the dev outbox, the embedded host, its address. */
describeEachDatabase('what the server exposes', (open) => {
  let app: FastifyInstance | undefined;
  const build = async (options: TestAppOptions = {}) => (app = await buildTestApp(await open(), options));
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('sends security headers: a policy for the app and its streams to the hosts, nosniff, no referrer', async () => {
    const server = await build();
    const policyOf = async (host: string) =>
      String((await server.inject({ url: '/api/docs', headers: { host } })).headers['content-security-policy']);
    expect(await policyOf('shop.example.com')).not.toContain('hosts.example.com');
    // Kept per Host header until the list of hosts changes.
    await server.services.deviceHosts.attach(HostApiClient.overHttp('remote-1', 'https://hosts.example.com:8443', 'k'));
    const reply = await server.inject({ url: '/api/docs', headers: { host: 'shop.example.com' } });
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toMatch(/connect-src 'self' ws:\/\/shop\.example\.com wss:\/\/shop\.example\.com/);
    expect(policy).toContain('https://hosts.example.com:8443 wss://hosts.example.com:8443');
    expect(await policyOf('other.example.com')).toMatch(/ws:\/\/other\.example\.com .*wss:\/\/hosts\.example\.com/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    // The docs page runs its script from a file, as the policy allows.
    expect(reply.body).toContain('<script src="/api/docs.js">');
    expect((await server.inject({ url: '/api/docs.js' })).body).toContain('/api/openapi.json');
  });

  it('marks the XSRF cookie Secure behind HTTPS, and only there', async () => {
    const server = await build({ trustedProxies: ['127.0.0.1'] });
    const cookie = async (headers: Record<string, string>) =>
      String((await server.inject({ url: '/api/device/grade/list', headers })).headers['set-cookie']);
    expect(await cookie({ 'x-forwarded-proto': 'https' })).toMatch(/XSRF-TOKEN=\w+;.*Secure/);
    expect(await cookie({})).not.toMatch(/Secure/);
  });

  it('gives the SMS outbox only to a caller on this machine, unless DEV_OUTBOX opens it', async () => {
    const server = await build();
    const api = await AccountsClient.of(server);
    expect(codeOf(await api.sendCode(NEW_MOBILE, SmsScene.login))).toBe(0);
    const outbox = (options: { remoteAddress?: string; headers?: Record<string, string> }) =>
      server.inject({ url: `/api/dev/sms-outbox?mobile=${NEW_MOBILE}`, ...options });
    expect((await outbox({ remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    expect((await outbox({ headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    expect(envelope(await outbox({})).data).toEqual([expect.objectContaining({ mobile: NEW_MOBILE })]);

    await server.close();
    const open = await build({ devOutbox: true });
    const openApi = await AccountsClient.of(open);
    expect(codeOf(await openApi.sendCode(NEW_MOBILE, SmsScene.login))).toBe(0);
    const remote = await open.inject({ url: `/api/dev/sms-outbox?mobile=${NEW_MOBILE}`, remoteAddress: '203.0.113.7' });
    expect(envelope(remote).code).toBe(0);
  });

  it('refuses 70 KB to auth/login with 413 before reading it, and closes the connection (issue 47)', async () => {
    const server = await build();
    const api = await AccountsClient.of(server);
    const padded = { mobile: DEMO_USER.mobile, password: DEMO_USER.password, pad: 'x'.repeat(70 * 1024) };
    const refused = await api.call('POST', `${AUTH}/login`, { payload: padded });
    expect(refused.statusCode).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect(refused.json<{ code: number }>().code).toBe(1001);
  });

  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describeEachDatabase('the embedded device host', (open) => {
  const t = usePhoneApp(open);

  it('keeps its host API off the public port', async () => {
    expect((await t.app.inject({ url: '/host-api/models' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/host-api/instances', payload: {} })).statusCode).toBe(404);
  });

  it('takes screenshots of at most 10 phones at a time, as the browser does (spec §9)', async () => {
    const [first] = await myPhoneIds(t);
    const shoot = () => t.call('PUT', `${PHONE}/screenshot?userPhoneId=${first}`);
    for (let i = 0; i < SCREENSHOT_MAX_DEVICES; i++) expect(codeOf(await shoot())).toBe(0);
    expect(codeOf(await shoot())).toBe(429);
    t.clock.advance(10_000);
    expect(codeOf(await shoot())).toBe(0);
  });
});
