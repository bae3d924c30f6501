import { randomBytes } from 'node:crypto';
import { loadHostConfig } from './config';
import { phoneDriverFrom } from './drivers/driver-choice';
import { DeviceHost } from './host';
import { hostIdentity } from './joining/join';
import { startHeartbeat } from './joining/heartbeat';
import { operationsPlugin } from '@cloudphone/serving/operations';
import { deviceHostPlugin } from './plugin';
import { HttpControlPlane } from './policy/http-control-plane';
import { createPort } from '@cloudphone/serving/port';
import { stopOnSignals } from '@cloudphone/serving/graceful-stop';

/**
 * `npm run device-host`: a standalone host. It joins the server at CONTROL_PLANE_URL with JOIN_TOKEN
 * (the admin CLI's `host:token`) and keeps the key it is given; or, in a fixed setup, HOST_KEY is the
 * server's host key (its data folder's keys.json, with DEVICE_HOSTS). PHONES creates that many phones
 * on an empty host for a quick look.
 */
const config = loadHostConfig();
const identity = await hostIdentity(config);
const hostKey = identity?.hostKey ?? randomBytes(32).toString('hex');
if (!identity)
  console.warn(
    'neither JOIN_TOKEN with CONTROL_PLANE_URL nor HOST_KEY: a random key, so no server can open these phones',
  );
const joined = identity?.joined;

const host = new DeviceHost({
  dataDir: config.dataDir,
  hostKey,
  adb: config.registration.adb,
  adbListenHost: config.listenHost,
  diskReserve: config.diskReserve,
  driver: phoneDriverFrom(process.env, config.dataDir),
});
// A host of devices takes as many phones as it has devices (issue 60), told again as devices are added.
const registration = () => ({ ...config.registration, capacity: host.capacity ?? config.registration.capacity });
// SDK power calls are the server's to decide (issue 20): where it joined, at CONTROL_PLANE_URL, or said on subscribing.
host.controlPlaneUrl = config.controlPlaneUrl ?? joined?.serverUrl;
host.controlPlane = new HttpControlPlane(() => host.controlPlaneUrl, hostKey, joined?.hostId);
// Pushes fetch their files from the control plane's signed URLs; those a restart cut short resume.
host.startTasks();
for (let i = host.fleet.list().length; i < config.phones; i++) host.fleet.create();

// The same port as the server's, which mounts a host: body limits, and refusals that read no body.
const app = createPort({ level: config.logLevel });
await app.register(operationsPlugin, { access: config.metrics });
await app.register(deviceHostPlugin, { host });
let stopBeating: (() => void) | undefined;
app.addHook('onClose', async () => stopBeating?.());
stopOnSignals(app);
const address = await app.listen({ port: config.port, host: config.listenHost });
app.log.info(`device host with ${host.fleet.list().length} phones at ${address}`);
// A joined host beats once it can be reached: the server places phones on it while it does.
if (joined)
  stopBeating = startHeartbeat(joined, registration, (state, detail) =>
    state === 'ok'
      ? app.log.info(`joined ${detail} as ${joined.name} (host ${joined.hostId})`)
      : app.log.warn(`heartbeat ${state}: ${detail}`),
  );
