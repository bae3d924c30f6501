import type { FastifyInstance } from 'fastify';
import * as openMessage from '@cloudphone/contracts/endpoints/merchant/open-message';
import { defineRoute } from '../../http/route';

/** /api/merchant/open/message: a merchant's own systems, signed with its merchant key (issue 24). */
export default async function openMessageRoutes(app: FastifyInstance) {
  defineRoute(app, openMessage.send, ({ merchant, body }) => app.services.messages.broadcast(merchant, body));
}
