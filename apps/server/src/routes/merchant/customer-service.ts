import type { FastifyInstance } from 'fastify';
import { customerServiceSchema } from '@cloudphone/contracts/content';
import { defineRoute } from '../../http/route';

/** /api/merchant/customer-service */
export default async function customerServiceRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/get',
    summary: "The client's customer-service contact",
    access: 'tenant',
    response: customerServiceSchema,
    handler: ({ tenant }) => app.services.content.customerService(tenant.clientId),
  });
}
