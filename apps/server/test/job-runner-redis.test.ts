import { describe, expect, it } from 'vitest';
import { BullJobRunner } from '../src/jobs/bullmq-job-runner';
import { connectRedis } from '../src/cluster/redis';
import { redisReachable, TEST_REDIS_URL, testRedisPrefix } from './helpers/redis';

if (!redisReachable) console.log(`Redis not reachable at ${TEST_REDIS_URL}: skipping the BullMQ job runner tests`);

const HOUR = 3_600_000;
const until = async (predicate: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.skipIf(!redisReachable)('jobs on BullMQ, shared by two API nodes', () => {
  const prefix = testRedisPrefix();

  /** Two nodes' runners of one job `name`, on one Redis; `run` is what each node does. */
  const twoNodes = (name: string, run: (node: number) => Promise<void>) =>
    [1, 2].map((node) => {
      const connection = connectRedis(TEST_REDIS_URL, `node-${node}`);
      const jobs = new BullJobRunner({ connection, prefix, onError: (_job, error) => console.error(error) });
      jobs.define(name, HOUR, () => run(node));
      return { jobs, stop: () => jobs.stop().finally(() => connection.disconnect()) };
    });

  it('runs a job once where both nodes start its schedule, on one of them', async () => {
    const runs: number[] = [];
    const nodes = twoNodes('first-run', async (node) => void runs.push(node));
    await Promise.all(nodes.map((n) => n.jobs.start()));
    await until(() => runs.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs).toHaveLength(1);
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it('merges triggers from both nodes during a run into one more run after it, never two at once', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release = () => undefined as void;
    const nodes = twoNodes('merged', async () => {
      most = Math.max(most, ++running);
      runs++;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      running--;
    });
    await Promise.all(nodes.map((n) => n.jobs.start()));
    await until(() => runs === 1);
    for (const node of [...nodes, ...nodes]) node.jobs.trigger('merged');
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await until(() => runs === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({ runs, most }).toEqual({ runs: 2, most: 1 });
    await Promise.all(nodes.map((n) => n.stop()));
  });
});
