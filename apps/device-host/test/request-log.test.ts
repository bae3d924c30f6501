import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { signAccessKey } from '@cloudphone/contracts/access-key';
import { DeviceHost } from '../src/host';
import { deviceHostPlugin } from '../src/plugin';
import { createPort } from '@cloudphone/serving/port';
import { fakeClock, TestViewer } from './support';

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

// Issue 10 §7: a stream URL carries its access key (DESIGN §4); whoever reads the host's log must not get it.
it('writes stream and SDK URLs without their access keys', async () => {
  const lines: string[] = [];
  const clock = fakeClock(Date.now());
  const hostKey = randomBytes(32).toString('hex');
  const host = new DeviceHost({ dataDir: ':memory:', hostKey, clock });
  // The host's own port (src/main.ts), as the server's.
  app = createPort({ level: 'info', stream: { write: (line) => void lines.push(line) } });
  await app.register(deviceHostPlugin, { host });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const phone = host.fleet.create();
  clock.advance(3_001); // past booting
  const now = clock.now();
  const { accessKey } = signAccessKey(hostKey, {
    u: 1,
    i: phone.instanceNo,
    p: 'control',
    e: now + 60_000,
    n: now - 1,
  });

  const viewer = new TestViewer(`${url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}`);
  await viewer.until(() => viewer.frames.length > 0);
  viewer.close();
  await fetch(`${url}/sdk/instance/reboot?accessKey=${accessKey}`, { method: 'POST' });
  await fetch(`${url}/stream?accessKey=${accessKey}`);

  const log = lines.join('');
  expect(log).toContain(`/stream/${phone.instanceNo}?[redacted]`);
  expect(log).toContain('/sdk/instance/reboot?[redacted]');
  expect(log).not.toContain(accessKey);
  expect(log).not.toContain(encodeURIComponent(accessKey));
});
