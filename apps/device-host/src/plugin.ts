import type { FastifyInstance } from 'fastify';
import type { DeviceHost } from './host';
import { sdkRoutes } from './sdk/sdk-routes';
import { describeEncoder } from './stream/ffmpeg';
import { streamRoutes } from './stream/stream-routes';
import { hostApiRoutes } from './host-api/host-api-routes';

/** The host's HTTP face: the stream, the SDK API and the host API, mounted on a Fastify app (its own or the server's). */
export async function deviceHostPlugin(app: FastifyInstance, { host }: { host: DeviceHost }) {
  // Which encoder phone screens use, once at start-up (JPEG only is worth a warning).
  if (host.ffmpeg) app.log.info(describeEncoder(host.ffmpeg));
  else app.log.warn(describeEncoder(null));
  await app.register(streamRoutes, { host });
  await app.register(sdkRoutes, { host, prefix: '/sdk' });
  await app.register(hostApiRoutes, { host, prefix: '/host-api' });
  app.addHook('onClose', async () => host.close());
}
