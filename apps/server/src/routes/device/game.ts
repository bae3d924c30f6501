import type { FastifyInstance } from 'fastify';
import * as game from '@cloudphone/contracts/endpoints/device/game';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import { defineRoute } from '../../http/route';

/** /api/device/game: the game channel (issue 29). */
export default async function gameRoutes(app: FastifyInstance) {
  defineRoute(app, game.page, ({ auth, query }) => app.services.games.page(auth, query));
  defineRoute(app, game.pin, ({ auth, body }) => app.services.games.pin(auth, body));
  defineRoute(app, game.install, ({ request, gate, body }) =>
    app.services.games.install(gate, body, idempotencyKeyOf(request)),
  );
}
