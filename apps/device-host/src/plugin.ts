import type { FastifyInstance } from 'fastify';
import { HOST_API_PREFIX } from '@cloudphone/contracts/host-api-catalogue';
import type { DeviceHost } from './host';
import type { PhoneDriver } from './drivers/phone-driver';
import { sdkRoutes } from './sdk/sdk-routes';
import { describeEncoder } from './stream/ffmpeg';
import { streamRoutes } from './stream/stream-routes';
import { hostApiRoutes } from './host-api/host-api-routes';
import { reportHost } from './operations/host-operations';

export interface DeviceHostPluginOptions {
  host: DeviceHost<PhoneDriver>;
  /**
   * Serve the host API (`/host-api/*`, how a control plane drives a separate host). A host embedded in
   * the server is driven in-process, so it leaves the API off the public port (the default: on).
   */
  hostApi?: boolean;
}

/** The host's HTTP face: the stream, the SDK API and the host API, mounted on a Fastify app (its own or the server's). */
export async function deviceHostPlugin(app: FastifyInstance, { host, hostApi = true }: DeviceHostPluginOptions) {
  // Which encoder phone screens use, once at start-up (JPEG only is worth a warning).
  if (host.ffmpeg) app.log.info(describeEncoder(host.ffmpeg));
  else app.log.warn(describeEncoder(null));
  await app.register(streamRoutes, { host });
  await app.register(sdkRoutes, { host, prefix: '/sdk' });
  if (hostApi) await app.register(hostApiRoutes, { host, prefix: HOST_API_PREFIX });
  // On a port with /ready and /metrics (operationsPlugin), the host tells its store, encoder and streams there.
  if (app.hasDecorator('readiness')) reportHost(app, host);
  app.addHook('onClose', async () => host.close());
}
