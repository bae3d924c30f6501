import type { FastifyInstance } from 'fastify';
import { customerService } from '@cloudphone/contracts/endpoints/merchant';
import { defineRoute } from '../../http/route';

/** /api/merchant/customer-service */
export default async function customerServiceRoutes(app: FastifyInstance) {
  defineRoute(app, customerService.get, ({ tenant }) => app.services.content.customerService(tenant.clientId));
}
