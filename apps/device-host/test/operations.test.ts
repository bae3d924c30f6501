import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { signAccessKey } from '@cloudphone/contracts/access-key';
import { DeviceHost, type DeviceHostOptions } from '../src/host';
import { LOOPBACK_NETWORKS } from '@cloudphone/serving/metrics-access';
import { operationsPlugin } from '@cloudphone/serving/operations';
import { BOOT_MS } from '../src/phones/tasks';
import { deviceHostPlugin } from '../src/plugin';
import { createPort } from '@cloudphone/serving/port';
import { fakeClock, TestViewer } from './support';

const TOKEN = 'scrape-me-7f3a';
let app: FastifyInstance;
let host: DeviceHost;
afterEach(async () => {
  await app.close();
});

/** A standalone host's port as main.ts builds it, with an in-memory store. */
async function startHost(options: Partial<DeviceHostOptions> = {}): Promise<void> {
  host = new DeviceHost({ dataDir: ':memory:', hostKey: randomBytes(32).toString('hex'), ffmpeg: null, ...options });
  app = createPort({ level: undefined });
  await app.register(operationsPlugin, { access: { networks: LOOPBACK_NETWORKS, token: TOKEN } });
  await app.register(deviceHostPlugin, { host });
}

describe("a standalone host's health", () => {
  it('answers /health while its process runs', async () => {
    await startHost();
    const reply = await app.inject({ url: '/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('is ready while its store and encoder can be used', async () => {
    await startHost();
    host.fleet.create();
    const reply = await app.inject({ url: '/ready' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      ready: true,
      checks: {
        store: { ok: true, detail: 'phones: 1' },
        encoder: { ok: true, detail: 'JPEG: no ffmpeg with libx264' },
      },
    });
  });

  it('is not ready, and says why, when its store cannot be read', async () => {
    await startHost();
    host.store.close();
    const reply = await app.inject({ url: '/ready' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ ready: false, checks: { store: { ok: false, detail: /not open/ } } });
  });

  it('is not ready when the ffmpeg it encodes with can no longer be run', async () => {
    await startHost({ ffmpeg: { path: '/gone/ffmpeg', source: 'configured', version: '6.1' } });
    const reply = await app.inject({ url: '/ready' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({
      checks: { encoder: { ok: false, detail: 'ffmpeg /gone/ffmpeg can no longer be run' } },
    });
  });
});

describe("a standalone host's metrics", () => {
  it('are not there for a caller from elsewhere, nor through a proxy, and a wrong token is refused', async () => {
    await startHost();
    expect((await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    const proxied = await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(404);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer guess' } });
    expect(wrong.statusCode).toBe(403);
  });

  it('count requests by route and status, and tell phones, streams and viewers', async () => {
    const clock = fakeClock(Date.now());
    await startHost({ clock });
    const phone = host.fleet.create();
    clock.advance(BOOT_MS);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const { accessKey } = signAccessKey(host.options.hostKey, {
      u: 1,
      i: phone.instanceNo,
      p: 'control',
      e: clock.now() + 60_000,
      n: clock.now() - 1,
    });
    const viewer = new TestViewer(
      `${url.replace('http', 'ws')}/stream/${phone.instanceNo}?codec=jpeg&accessKey=${accessKey}`,
    );
    await viewer.until(() => viewer.frames.length > 0);
    await app.inject({ url: '/health' });

    // From anywhere with the token (a Prometheus elsewhere), as from this machine without it.
    const reply = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    viewer.close();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = reply.body;
    expect(text).toContain('http_requests_total{method="GET",route="/health",status_code="200"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/health",status_code="200"} 1');
    expect(text).toContain('cloudphone_host_phones{status="online"} 1');
    expect(text).toContain('cloudphone_host_streams 1');
    expect(text).toContain('cloudphone_host_viewers 1');
    expect(text).toContain('cloudphone_host_encoders 0');
    expect(text).toContain('cloudphone_host_encoder_cpu_seconds_total 0');
    expect(text).toContain('process_cpu_seconds_total');
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
  });
});
