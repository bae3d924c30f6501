import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { pingDatabase } from '../db/database';

/**
 * What the control plane adds to /ready and /metrics (the port's operationsPlugin). Ready means this
 * node can serve (issue 49): its database answers, and Redis where nodes share one. The device hosts
 * are told beside them, not depended on: a node with no host online still answers logins, orders and
 * hosts' joins and beats, which a balancer taking it out would refuse. A host mounted in this process
 * adds its own store and encoder checks.
 */
export const controlPlaneOperations = fp<{ redis?: () => Promise<unknown> }>(async (app, { redis }) => {
  app.readiness.add('database', () => pingDatabase(app.db));
  if (redis) app.readiness.add('redis', async () => String(await redis()));
  app.readiness.add(
    'hosts',
    () => {
      const { known, online } = app.services.deviceHosts.reach();
      if (known.length === 0) throw new Error('no device host: EMBEDDED_HOST=false, no DEVICE_HOSTS and none joined');
      if (online.length === 0) throw new Error(`no device host online (known: ${known.join(', ')})`);
      return `${online.length} of ${known.length} online`;
    },
    { advisory: true },
  );

  new Gauge({
    name: 'cloudphone_device_hosts',
    help: 'Device hosts this server drives, online (beating, once joined; else their event stream open) or not',
    labelNames: ['state'],
    registers: [app.metrics],
    collect() {
      const { known, online } = app.services.deviceHosts.reach();
      this.set({ state: 'online' }, online.length);
      this.set({ state: 'offline' }, known.length - online.length);
    },
  });
});
