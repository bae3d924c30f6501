import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { errorMessage } from '@cloudphone/contracts/errors';
import { LIVE_EVENT_CHANNELS_PER_ACCOUNT } from '@cloudphone/contracts/limits';
import { endsSession, EVENTS_HEARTBEAT_MS, EVENTS_PATH } from '@cloudphone/contracts/live-events';

/**
 * GET /api/events — the one live channel to a signed-in client (DESIGN §10): server-sent events,
 * one `data:` line of JSON per event of the user (push progress and states now; messages and other
 * state changes later). Signed in like any call (tenant headers and bearer token), so the web reads
 * it with fetch rather than EventSource, which cannot send them.
 */
export default async function eventsRoutes(app: FastifyInstance) {
  const { events } = app.services;
  // Open channels end as the server starts closing (preClose: onClose runs only once every connection
  // has ended, so a browser still listening would keep a SIGTERM waiting for ever).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.route({
    method: 'GET',
    url: EVENTS_PATH,
    config: {
      docs: { summary: 'Live events (server-sent events)', access: 'user', response: z.null(), hidden: true },
    },
    handler: async (request, reply) => {
      const userId = request.auth!.userId;
      // Issue 20: at most LIVE_EVENT_CHANNELS_PER_ACCOUNT (one per browser profile), on all API nodes together.
      const channelId = await app.liveChannels.open(userId, LIVE_EVENT_CHANNELS_PER_ACCOUNT);
      if (!channelId)
        return { code: ResponseCode.TOO_FREQUENT, msg: errorMessage('tooFrequent', request.language), data: null };
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must pass each event on as it comes.
        'x-accel-buffering': 'no',
      });
      const { sessionId } = request.auth!;
      const unsubscribe = events.subscribe(userId, (event) => {
        // A channel belongs to its session (issue 47): it closes as the session ends, on every node.
        if (event.type !== 'session.ended') out.write(`data: ${JSON.stringify(event)}\n\n`);
        else if (endsSession(event, sessionId)) end();
      });
      const heartbeat = setInterval(() => {
        out.write(': beat\n\n');
        app.liveChannels.keep(userId, channelId);
      }, EVENTS_HEARTBEAT_MS);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        app.liveChannels.close(userId, channelId);
        unsubscribe();
        clearInterval(heartbeat);
        open.delete(end);
        out.end();
      };
      open.add(end);
      request.raw.once('close', end);
      // Connected once what any node publishes for the user reaches this one.
      await events.ready(userId);
      if (ended) return;
      out.write(': connected\n\n');
    },
  });
}
