import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { DeviceHost } from '../host';
import type { PhoneDriver } from '../drivers/phone-driver';

/** WebSocket `/stream/:instanceNo?accessKey=&codec=h264|jpeg&definition=`: one phone's screen and input; `/stream/previews` for grids. */
export async function streamRoutes(app: FastifyInstance, { host }: { host: DeviceHost<PhoneDriver> }) {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Grids: many phones' small pictures over one socket (registered before the parametric route).
  app.get('/stream/previews', { websocket: true }, (socket) => host.viewers.openPreviews(socket));
  app.get<{ Params: { instanceNo: string }; Querystring: Record<string, string> }>(
    '/stream/:instanceNo',
    { websocket: true },
    (socket, request) => host.viewers.open(socket, request.params.instanceNo, request.query),
  );
}
