import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import Fastify from 'fastify';
import { DeviceHost } from './host';
import { deviceHostPlugin } from './plugin';
import { HttpControlPlane } from './policy/http-control-plane';
import { requestLogging } from './request-log';
import { stopOnSignals } from './graceful-stop';

/**
 * `npm run device-host`: a standalone host. HOST_KEY must match the control plane's host key (its
 * data folder's keys.json); PHONES creates that many phones on an empty host for a quick look.
 */
const port = Number(process.env.HOST_PORT ?? 8090);
const dataDir = resolve(process.env.HOST_DATA_DIR ?? 'data/device-host');
const hostKey = process.env.HOST_KEY ?? randomBytes(32).toString('hex');
if (!process.env.HOST_KEY)
  console.warn('HOST_KEY not set: using a random key, so no control plane can open these phones');

const host = new DeviceHost({ dataDir, hostKey });
// SDK power calls are the server's to decide (issue 20): it is at CONTROL_PLANE_URL, or says where when it subscribes.
host.controlPlaneUrl = process.env.CONTROL_PLANE_URL?.replace(/\/$/, '');
host.controlPlane = new HttpControlPlane(() => host.controlPlaneUrl, hostKey);
// Pushes fetch their files from the control plane's signed URLs; those a restart cut short resume.
host.startTasks();
const wanted = Number(process.env.PHONES ?? 0);
for (let i = host.fleet.list().length; i < wanted; i++) host.fleet.create();

const app = Fastify(requestLogging({ level: process.env.LOG_LEVEL ?? 'info' }));
await app.register(deviceHostPlugin, { host });
stopOnSignals(app);
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
app.log.info(`device host with ${host.fleet.list().length} phones on :${port}`);
