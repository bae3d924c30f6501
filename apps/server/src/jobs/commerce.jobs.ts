import type { FastifyInstance } from 'fastify';

/** How often the commerce jobs run: a closed order or new phones show up within this. */
export const COMMERCE_JOB_INTERVAL_MS = 15_000;

/**
 * The commerce jobs (spec §4): unpaid orders close when their time to pay runs out, and paid
 * purchases waiting for stock get their phones as stock arrives. Stops with the app.
 */
export function startCommerceJobs(app: FastifyInstance, intervalMs = COMMERCE_JOB_INTERVAL_MS): void {
  const run = () =>
    Promise.all([app.services.orders.closeUnpaid(), app.services.fulfilment.allocateWaiting()]).catch((err: unknown) =>
      app.log.error({ err }, 'commerce job failed'),
    );
  const timer = setInterval(() => void run(), intervalMs);
  app.addHook('onClose', async () => clearInterval(timer));
}
