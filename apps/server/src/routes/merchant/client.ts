import type { FastifyInstance } from 'fastify';
import * as client from '@cloudphone/contracts/endpoints/merchant/client';
import { defineRoute } from '../../http/route';

/** /api/merchant/client: what a client number stands for, asked before any tenant is known. */
export default async function clientRoutes(app: FastifyInstance) {
  const { clients } = app.services;

  defineRoute(app, client.getClientSecureData, ({ query }) => clients.secureData(query.clientNo));
  defineRoute(app, client.getAboutApp, ({ query }) => clients.aboutApp(query.clientNo));
}
