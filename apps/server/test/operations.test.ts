import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DeviceHost } from '@cloudphone/device-host';
import { metricsAccessFrom } from '@cloudphone/serving/metrics-access';
import { loadConfig } from '../src/config';
import { HostApiClient } from '../src/providers/device-hosts/host-api-client';
import { buildTestApp, describeEachDatabase, type TestAppOptions } from './helpers/databases';

const TOKEN = 'scrape-me-51c2';

/** What an operator's tools ask the server: is it alive, can it take traffic, and its figures. */
describeEachDatabase('the server for its operator', (open, database) => {
  let app: FastifyInstance | undefined;
  /** The server with a device host in its process (as `npm start`), unless `embeddedHost` is false. */
  const build = async ({ embeddedHost = true, ...options }: TestAppOptions & { embeddedHost?: boolean } = {}) => {
    const hostKey = randomBytes(32).toString('hex');
    const deviceHost = embeddedHost ? new DeviceHost({ dataDir: ':memory:', hostKey, ffmpeg: null }) : undefined;
    return (app = await buildTestApp(await open(), { deviceHost, ...options }));
  };
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers /health while its process runs', async () => {
    const server = await build();
    const reply = await server.inject({ url: '/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('is ready with its database answering and a device host online', async () => {
    const server = await build();
    const reply = await server.inject({ url: '/ready' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      ready: true,
      checks: {
        database: { ok: true, detail: database },
        hosts: { ok: true, detail: '1 of 1 online', advisory: true },
        // The host in its process tells its own.
        store: { ok: true, detail: expect.stringMatching(/^phones: \d+$/) },
        encoder: { ok: true, detail: 'JPEG: no ffmpeg with libx264' },
      },
    });
  });

  it('stays ready while no device host is online, and says so beside its checks (issue 49)', async () => {
    const server = await build({ embeddedHost: false });
    const none = await server.inject({ url: '/ready' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      ready: true,
      checks: {
        database: { ok: true },
        hosts: {
          ok: false,
          advisory: true,
          detail: 'no device host: EMBEDDED_HOST=false, no DEVICE_HOSTS and none joined',
        },
      },
    });
    // A separate host that does not answer is known, not online.
    await server.services.deviceHosts.attach(HostApiClient.overHttp('remote-1', 'http://127.0.0.1:9', 'k'));
    const away = await server.inject({ url: '/ready' });
    expect(away.statusCode).toBe(200);
    expect(away.json()).toMatchObject({
      checks: { hosts: { ok: false, detail: 'no device host online (known: remote-1)' } },
    });
  });

  it('tells a caller outside the metrics networks only whether it is ready, with the same status (issue 47)', async () => {
    const server = await build({ metrics: metricsAccessFrom({ METRICS_TOKEN: TOKEN }) });
    const stranger = { remoteAddress: '203.0.113.7' };
    const ready = await server.inject({ url: '/ready', ...stranger });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
    const proxied = await server.inject({ url: '/ready', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.json()).toEqual({ ready: true });
    const withToken = await server.inject({
      url: '/ready',
      ...stranger,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.json()).toMatchObject({ ready: true, checks: { database: { ok: true } } });
    await server.db.destroy();
    const down = await server.inject({ url: '/ready', ...stranger });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ready: false });
  });

  it('is not ready when its database does not answer, and says why', async () => {
    const server = await build();
    await server.db.destroy();
    const reply = await server.inject({ url: '/ready' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({
      ready: false,
      checks: { database: { ok: false, detail: expect.stringMatching(/destroyed|end/) }, hosts: { ok: true } },
    });
  });

  it('serves /metrics to this machine and to the token, counting requests by route and status', async () => {
    const server = await build({ metrics: metricsAccessFrom({ METRICS_TOKEN: TOKEN }) });
    const stranger = { remoteAddress: '203.0.113.7' };
    expect((await server.inject({ url: '/metrics', ...stranger })).statusCode).toBe(404);
    const proxied = await server.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(404);
    const guess = await server.inject({ url: '/metrics', ...stranger, headers: { authorization: 'Bearer guess' } });
    expect(guess.statusCode).toBe(403);

    expect((await server.inject({ url: '/api/device/grade/list' })).statusCode).toBe(200);
    const reply = await server.inject({ url: '/metrics', ...stranger, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain(
      'http_requests_total{method="GET",route="/api/device/grade/list",status_code="200"} 1',
    );
    expect(reply.body).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/device/grade/list"',
    );
    expect(reply.body).toContain('cloudphone_device_hosts{state="online"} 1');
    // The embedded host's figures, as a standalone host serves them.
    expect(reply.body).toContain('cloudphone_host_viewers 0');
    expect((await server.inject({ url: '/metrics' })).statusCode).toBe(200);
  });
});

it('reads who may scrape from METRICS_NETWORKS and METRICS_TOKEN, this machine by default', () => {
  expect(loadConfig({}).metrics).toEqual({ networks: ['127.0.0.0/8', '::1/128'], token: undefined });
  expect(loadConfig({ METRICS_NETWORKS: '10.0.0.0/8, 192.168.1.5', METRICS_TOKEN: 't' }).metrics).toEqual({
    networks: ['10.0.0.0/8', '192.168.1.5'],
    token: 't',
  });
  expect(loadConfig({ METRICS_NETWORKS: '' }).metrics.networks).toEqual([]);
});
