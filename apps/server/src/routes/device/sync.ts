import type { FastifyInstance } from 'fastify';
import * as sync from '@cloudphone/contracts/endpoints/device/sync';
import { defineRoute } from '../../http/route';

/** /api/device/sync: sync control, one main phone and its followers (issue 26). */
export default async function syncRoutes(app: FastifyInstance) {
  const { sync: sessions } = app.services;

  defineRoute(app, sync.create, ({ gate, body }) =>
    sessions.create(gate, body.mainUserPhoneId, body.followerUserPhoneIds),
  );
  defineRoute(app, sync.update, ({ gate, body }) => sessions.update(gate, body));
  defineRoute(app, sync.end, ({ auth, body }) => sessions.end(auth, body.syncId));
  defineRoute(app, sync.get, ({ auth, query }) => sessions.get(auth, query.syncId));
  defineRoute(app, sync.list, ({ auth }) => sessions.list(auth));
}
