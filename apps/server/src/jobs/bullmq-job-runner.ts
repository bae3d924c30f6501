import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { InProcessJobRunner, type JobPlace, type JobRunner } from './job-runner';

export interface BullJobRunnerOptions {
  /** Shared by the queues; each worker opens one more of its own to wait on. */
  connection: Redis;
  /** Where this deployment's queues live in Redis (`REDIS_PREFIX`). */
  prefix: string;
  onError: (name: string, error: unknown) => void;
  /**
   * How long a node's hold on a run lasts unless renewed (every half of it while the run goes on):
   * a run of a node that died is taken up by another node about twice this later.
   */
  lockMs?: number;
}

/** A trigger waits as one job of this id; a second trigger meanwhile merges into it. */
const TRIGGERED = 'triggered';
/** What a queue keeps of its finished runs: failures to look into, no successes. */
const KEEP = { removeOnComplete: true, removeOnFail: 100 } as const;

interface Job {
  everyMs: number;
  run: () => Promise<unknown>;
  queue: Queue;
}

/**
 * Runs the jobs on BullMQ when API nodes share Redis (DESIGN §8): one queue per job, at most one of
 * its runs active across every node (the queue's global concurrency), its schedule kept in Redis
 * once for all nodes, so each scheduled or triggered run happens once, on whichever node takes it.
 * A node that dies mid-run stops renewing its hold, and another node runs the job again: every
 * pass is idempotent over durable records, so a pass cut short is simply done again.
 */
export class BullJobRunner implements JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly workers: Worker[] = [];
  private readonly lockMs: number;
  private stopping: Promise<void> | undefined;
  /** The jobs each node runs for itself, in its own process. */
  private readonly ownJobs: InProcessJobRunner;

  constructor(private readonly options: BullJobRunnerOptions) {
    this.lockMs = options.lockMs ?? 30_000;
    this.ownJobs = new InProcessJobRunner({ triggers: true, onError: options.onError });
  }

  define(name: string, everyMs: number, run: () => Promise<unknown>, where: JobPlace = 'one node'): void {
    if (where === 'every node') return this.ownJobs.define(name, everyMs, run);
    if (this.jobs.has(name)) throw new Error(`job ${name} is defined twice`);
    const { connection, prefix } = this.options;
    // Finished runs leave no trace but the events stream, kept short.
    const queue = new Queue(name, { connection, prefix, streams: { events: { maxLen: 100 } } });
    queue.on('error', (error) => this.options.onError(name, error));
    this.jobs.set(name, { everyMs, run, queue });
  }

  trigger(name: string): void {
    this.ownJobs.trigger(name);
    const job = this.jobs.get(name);
    if (!job || this.stopping) return;
    job.queue
      .add(name, {}, { ...KEEP, deduplication: { id: TRIGGERED } })
      .catch((error: unknown) => this.options.onError(name, error));
  }

  /**
   * Sets each job's schedule (the same on every node: setting it again keeps its next run) and
   * starts taking runs. A job's first schedule runs it at once; a node joining later leaves the
   * schedule as it is, since what a crash left is done by the next run anyway.
   */
  async start(): Promise<void> {
    await this.ownJobs.start();
    const { connection, prefix } = this.options;
    for (const [name, job] of this.jobs) {
      await job.queue.setGlobalConcurrency(1);
      await job.queue.upsertJobScheduler(name, { every: job.everyMs }, { name, opts: KEEP });
      const worker = new Worker(
        name,
        async (run) => {
          // Triggers from now on ask for one more run after this one.
          await run.removeDeduplicationKey();
          await job.run();
        },
        { connection, prefix, concurrency: 1, lockDuration: this.lockMs, stalledInterval: this.lockMs },
      );
      worker.on('error', (error) => this.options.onError(name, error));
      worker.on('failed', (_run, error) => this.options.onError(name, error));
      this.workers.push(worker);
    }
  }

  /** Finishes the runs under way here and lets go; the schedules stay for the other nodes. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await Promise.all([this.ownJobs.stop(), ...this.workers.map((worker) => worker.close())]);
      const queues = [...this.jobs.values()].map((job) => job.queue);
      // A queue still getting ready (a short-lived admin CLI) would fail later, on a closed connection.
      await Promise.all(queues.map((queue) => queue.waitUntilReady().catch(() => undefined)));
      await Promise.all(queues.map((queue) => queue.close()));
    })();
    return this.stopping;
  }
}
