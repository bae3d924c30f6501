import fp from 'fastify-plugin';
import { createServices, type Services } from '../services/index';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(async (app) => {
  app.decorate('services', createServices(app.repos));
});
