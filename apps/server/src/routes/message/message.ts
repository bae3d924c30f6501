import type { FastifyInstance } from 'fastify';
import * as message from '@cloudphone/contracts/endpoints/message/message';
import { defineRoute } from '../../http/route';

/** /api/message: the message centre (issue 24). */
export default async function messageRoutes(app: FastifyInstance) {
  const { messages } = app.services;
  defineRoute(app, message.page, ({ auth, query }) => messages.page(auth, query.type, query.pageNo, query.pageSize));
  defineRoute(app, message.get, ({ auth, query }) => messages.get(auth, query.messageId));
  defineRoute(app, message.unreadCount, ({ auth }) => messages.unread(auth));
  defineRoute(app, message.read, ({ auth, body }) => messages.read(auth, body.messageIds));
  defineRoute(app, message.readAll, ({ auth, body }) => messages.readAll(auth, body.type));
  defineRoute(app, message.assistant, ({ auth }) => messages.assistantState(auth));
  defineRoute(app, message.ask, ({ auth, body }) => messages.ask(auth, body.text));
}
