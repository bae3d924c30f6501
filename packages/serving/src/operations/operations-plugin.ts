import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { metricsDoor, type MetricsAccess } from './metrics-access';
import { countRequests, processMetrics } from './metrics';
import { Readiness } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's figures for /metrics; the parts it mounts add theirs (the device host its phones and streams). */
    metrics: Registry;
    /** What /ready checks; the parts it mounts add their checks. */
    readiness: Readiness;
  }
}

/**
 * What an operator's tools ask a process, on the server and on a standalone host alike: `/health`
 * (the process answers: restart it when it does not), `/ready` (it can do its work: send it traffic;
 * 503 when not, with the checks and their reasons for `access` only) and `/metrics` in Prometheus's
 * text format, for the networks and token of `access` only.
 */
export const operationsPlugin = fp<{ access: MetricsAccess }>(async (app, { access }) => {
  const metrics = new Registry();
  const readiness = new Readiness();
  app.decorate('metrics', metrics);
  app.decorate('readiness', readiness);
  countRequests(app, metrics);
  const door = metricsDoor(access);

  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (request, reply) => {
    const report = await readiness.report();
    // The checks name the database, the hosts online, the phones and the encoder (issue 47): for the
    // metrics networks and token alone; a balancer needs only the status code.
    const shown = door(request) === 'allowed' ? report : { ready: report.ready };
    return reply.code(report.ready ? 200 : 503).send(shown);
  });
  app.get('/metrics', async (request, reply) => {
    const verdict = door(request);
    if (verdict === 'unknown') return reply.callNotFound();
    if (verdict === 'forbidden') return reply.code(403).send({ error: 'wrong metrics token' });
    const all = Registry.merge([processMetrics(), metrics]);
    return reply.type(all.contentType).send(await all.metrics());
  });
});
