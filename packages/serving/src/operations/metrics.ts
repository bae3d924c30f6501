import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

let processRegistry: Registry | undefined;

/**
 * The process's own figures (CPU, memory, event-loop lag, GC), collected once per process however
 * many apps it builds (route tests build dozens), and served with each app's.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Requests by method, route and status code, and how long they took. The route is the pattern
 * (`/stream/:instanceNo`), never the URL, so phone numbers and keys never become labels; a URL that
 * matches no route counts as `unmatched`.
 */
export function countRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route and status code',
    labelNames,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: reply.statusCode,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
