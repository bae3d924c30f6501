import fp from 'fastify-plugin';
import { createServices, type ServiceDeps, type Services } from '../services/index';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp<Omit<ServiceDeps, 'repos'>>(async (app, deps) => {
  app.decorate('services', createServices({ ...deps, repos: app.repos }));
});
