import type { FastifyInstance } from 'fastify';
import * as messages from '@cloudphone/contracts/endpoints/admin/messages';
import { defineRoute } from '../../http/route';

/** /api/admin/messages: broadcasts, the AI assistant and analytics forwarding (issue 64). */
export default async function adminMessageRoutes(app: FastifyInstance) {
  const { consoleMessages } = app.services;
  defineRoute(app, messages.broadcast, ({ operator, actor, body }) =>
    consoleMessages.broadcast(actor, operator.tenantId, body),
  );
  defineRoute(app, messages.sent, ({ operator, query }) => consoleMessages.sent(operator.tenantId, query));
  defineRoute(app, messages.assistant, ({ operator }) => consoleMessages.assistant(operator.tenantId));
  defineRoute(app, messages.setAssistant, ({ operator, actor, body }) =>
    consoleMessages.setAssistant(actor, operator.tenantId, body),
  );
  defineRoute(app, messages.testAssistant, ({ request, operator, body }) =>
    consoleMessages.testAssistant(operator.tenantId, body.question, request.language),
  );
  defineRoute(app, messages.analyticsForward, ({ operator }) => consoleMessages.analyticsForward(operator.tenantId));
  defineRoute(app, messages.setAnalyticsForward, ({ operator, actor, body }) =>
    consoleMessages.setAnalyticsForward(actor, operator.tenantId, body.url),
  );
}
