import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as analytics from '@cloudphone/contracts/endpoints/analytics/analytics';
import { defineRoute } from '../../http/route';

/** A browser's fingerprint id (the `device-id` header); without one, its address stands in. */
const DEVICE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** /api/analytics: the collector (issue 29). */
export default async function analyticsRoutes(app: FastifyInstance) {
  /** Events carry their user when the browser is signed in; a stale token only makes them anonymous. */
  async function userOf(request: FastifyRequest, tenantId: number): Promise<number | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    return app.services.auth
      .authenticate(header.slice('Bearer '.length).trim(), tenantId)
      .then((user) => user.userId)
      .catch(() => null);
  }

  defineRoute(app, analytics.collect, async ({ request, tenant, body }) => {
    const header = request.headers['device-id'];
    const deviceId = typeof header === 'string' && DEVICE_ID.test(header) ? header : `ip-${request.ip}`;
    const userId = await userOf(request, tenant.tenantId);
    return app.services.analytics.collect({ ...tenant, deviceId, userId }, body.events);
  });
}
