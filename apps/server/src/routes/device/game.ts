import type { FastifyInstance } from 'fastify';
import * as game from '@cloudphone/contracts/endpoints/device/game';
import { defineRoute } from '../../http/route';

/** /api/device/game: the game channel (issue 29). */
export default async function gameRoutes(app: FastifyInstance) {
  defineRoute(app, game.page, ({ auth, query }) => app.services.games.page(auth, query));
  defineRoute(app, game.pin, ({ auth, body }) => app.services.games.pin(auth, body));
  defineRoute(app, game.install, ({ auth, body }) => app.services.games.install(auth, body));
}
