import type { FastifyInstance } from 'fastify';
import * as clone from '@cloudphone/contracts/endpoints/device/clone';
import { defineRoute } from '../../http/route';

/** /api/device/clone: a template put on chosen phones of the user, and the records of it (issue 15). */
export default async function cloneRoutes(app: FastifyInstance) {
  const { clones } = app.services;

  defineRoute(app, clone.create, ({ gate, body }) => clones.create(gate, body));
  defineRoute(app, clone.page, ({ auth, query }) => clones.page(auth, query));
}
