import { randomBytes } from 'node:crypto';
import { loadHostConfig } from './config';
import { DeviceHost } from './host';
import { operationsPlugin } from './operations/operations-plugin';
import { deviceHostPlugin } from './plugin';
import { HttpControlPlane } from './policy/http-control-plane';
import { createPort } from './port';
import { stopOnSignals } from './graceful-stop';

/**
 * `npm run device-host`: a standalone host. HOST_KEY must match the control plane's host key (its
 * data folder's keys.json); PHONES creates that many phones on an empty host for a quick look.
 */
const config = loadHostConfig();
const hostKey = config.hostKey ?? randomBytes(32).toString('hex');
if (!config.hostKey) console.warn('HOST_KEY not set: using a random key, so no control plane can open these phones');

const host = new DeviceHost({ dataDir: config.dataDir, hostKey });
// SDK power calls are the server's to decide (issue 20): it is at CONTROL_PLANE_URL, or says where when it subscribes.
host.controlPlaneUrl = config.controlPlaneUrl;
host.controlPlane = new HttpControlPlane(() => host.controlPlaneUrl, hostKey);
// Pushes fetch their files from the control plane's signed URLs; those a restart cut short resume.
host.startTasks();
for (let i = host.fleet.list().length; i < config.phones; i++) host.fleet.create();

// The same port as the server's, which mounts a host: body limits, and refusals that read no body.
const app = createPort({ level: config.logLevel });
await app.register(operationsPlugin, { access: config.metrics });
await app.register(deviceHostPlugin, { host });
stopOnSignals(app);
const address = await app.listen({ port: config.port, host: config.listenHost });
app.log.info(`device host with ${host.fleet.list().length} phones at ${address}`);
