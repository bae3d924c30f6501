import type { FastifyInstance } from 'fastify';
import * as customerService from '@cloudphone/contracts/endpoints/merchant/customer-service';
import { defineRoute } from '../../http/route';

/** /api/merchant/customer-service */
export default async function customerServiceRoutes(app: FastifyInstance) {
  defineRoute(app, customerService.get, ({ tenant }) => app.services.content.customerService(tenant.clientId));
}
