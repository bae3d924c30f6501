import type { FastifyInstance } from 'fastify';
import * as hosts from '@cloudphone/contracts/endpoints/admin/hosts';
import { defineRoute } from '../../http/route';

/** /api/admin/hosts: the platform's device hosts (issue 63), for its own operators. */
export default async function adminHostRoutes(app: FastifyInstance) {
  const { consoleHosts } = app.services;
  defineRoute(app, hosts.list, () => consoleHosts.list());
  defineRoute(app, hosts.drain, async ({ actor, body }) => {
    await consoleHosts.drain(actor, body.name, body.draining);
  });
  defineRoute(app, hosts.token, ({ actor, body }) => consoleHosts.token(actor, body.name, body.minutes));
}
