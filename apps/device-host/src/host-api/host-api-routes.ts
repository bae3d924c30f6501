import type { FastifyInstance, FastifyReply } from 'fastify';
import { signHostEvent } from '@cloudphone/contracts/access-key';
import { errorMessage, ERRORS } from '@cloudphone/contracts/errors';
import { HostApiHeader, HostEventName } from '@cloudphone/contracts/host-api';
import { HOST_API } from '@cloudphone/contracts/host-api-catalogue';
import { EVENTS_HEARTBEAT_MS } from '@cloudphone/contracts/live-events';
import type { DeviceHost } from '../host';
import type { PhoneDriver } from '../drivers/phone-driver';
import { errorKeyOf, hostApiHandlers, type HostBytes, type Params } from './host-api-handlers';
import { requireHostSignature } from './host-api-signature';

/**
 * The API the control plane drives a separate host with (DESIGN §4): every route of the host-API
 * catalogue (issue 51), answered by the host's handlers — its body parsed by the catalogue's schema,
 * its data in an envelope, or its bytes as they are — and the host's signed event stream. Every call
 * is signed with the host key (a sync session's input with that session's key).
 */
export async function hostApiRoutes(app: FastifyInstance, { host }: { host: DeviceHost<PhoneDriver> }) {
  requireHostSignature(app, host);

  app.setErrorHandler(async (error, request) => {
    const key = errorKeyOf(error);
    if (key === 'systemException') request.log.error({ err: error }, 'host api call failed');
    return { code: ERRORS[key].code, msg: errorMessage(key, 'en-US'), data: null };
  });

  const handlers = hostApiHandlers(host);
  for (const [name, handler] of Object.entries(handlers)) {
    const route = HOST_API[name as keyof typeof handlers];
    app.route<{ Params: Params }>({
      method: route.method,
      url: route.path,
      config: name === 'syncInput' ? { signedWith: 'session' } : {},
      handler: async (request, reply: FastifyReply) => {
        const data = await handler(route.body.parse(request.body ?? {}) as never, request.params);
        if (route.reply !== 'bytes') return { code: 0, msg: '', data: data ?? null };
        const { type, bytes } = data as HostBytes;
        return reply.type(type).send(bytes);
      },
    });
  }

  // The host's task events (DESIGN §10), each line signed with the host key, for as long as the caller listens.
  app.get(HOST_API.events.path, async (request, reply) => {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    out.write(': connected\n\n');
    // Where to ask the server back (SDK power calls), unless the host was told at start (CONTROL_PLANE_URL).
    const controlPlaneUrl = request.headers[HostApiHeader.controlPlaneUrl];
    if (typeof controlPlaneUrl === 'string' && /^https?:\/\//.test(controlPlaneUrl))
      host.controlPlaneUrl ??= controlPlaneUrl;
    const send = (name: string, json: string) =>
      out.write(`event: ${name}\ndata: ${json}\nid: ${signHostEvent(host.options.hostKey, json)}\n\n`);
    const unsubscribe = host.subscribe({
      task: (event) => send(HostEventName.task, JSON.stringify(event)),
      // A new subscriber first hears the host ask for its phones' whole state (issue 20).
      stateWanted: () => send(HostEventName.stateWanted, '{}'),
      syncFollower: (event) => send(HostEventName.syncFollower, JSON.stringify(event)),
    });
    const heartbeat = setInterval(() => out.write(': beat\n\n'), EVENTS_HEARTBEAT_MS);
    request.raw.once('close', () => {
      unsubscribe();
      clearInterval(heartbeat);
    });
  });
}
