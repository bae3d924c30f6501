/**
 * Durable background work (hardening issue): each job is a named, idempotent pass over durable
 * records in the database (unpaid orders, phones not made yet, undelivered revocations…), so a
 * pass lost in a crash is simply done by the next one. The in-process runner below runs them on
 * timers (one machine); with several API nodes `BullJobRunner` backs the same interface with BullMQ,
 * so that one node of many runs each pass (DESIGN §8).
 */
/** Where a job runs: on one API node at a time, or on each for itself. */
export type JobPlace = 'one node' | 'every node';

export interface JobRunner {
  /**
   * Declares a job: run every `everyMs` once schedules start, and soon whenever triggered. Once across
   * the API nodes, or `'every node'` for work about the node itself (its view of the hosts).
   */
  define(name: string, everyMs: number, run: () => Promise<unknown>, where?: JobPlace): void;
  /** Asks for a run of `name` soon, in whichever process runs jobs; runs asked for meanwhile merge. */
  trigger(name: string): void;
  /**
   * Starts the schedules; a job runs at once where its schedule starts (the server's main process; not
   * tests or the admin CLI).
   */
  start(): Promise<void>;
  /** Stops the schedules and waits for runs under way. */
  stop(): Promise<void>;
}

interface Job {
  everyMs: number;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** Triggered while running: run once more after. */
  again: boolean;
}

/**
 * Runs jobs in this process. Runs of one job never overlap; a failure is reported and the next
 * run tries again. `triggers: false` (the admin CLI) leaves triggers to the server's schedules.
 */
export class InProcessJobRunner implements JobRunner {
  private readonly jobs = new Map<string, Job>();
  private stopped = false;

  constructor(private readonly options: { triggers: boolean; onError: (name: string, error: unknown) => void }) {}

  define(name: string, everyMs: number, run: () => Promise<unknown>): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} is defined twice`);
    this.jobs.set(name, { everyMs, run, again: false });
  }

  trigger(name: string): void {
    const job = this.jobs.get(name);
    if (!job || !this.options.triggers || this.stopped) return;
    if (job.running) job.again = true;
    else setImmediate(() => void this.runNow(name));
  }

  /** Each job runs once at once — what a crash left is finished first — then on its schedule. */
  async start(): Promise<void> {
    for (const [name, job] of this.jobs) {
      if (job.timer) continue;
      job.timer = setInterval(() => void this.runNow(name), job.everyMs);
      job.timer.unref();
      setImmediate(() => void this.runNow(name));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.jobs.values()) clearInterval(job.timer);
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  /** The jobs defined (the query-plan test runs each once). */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs `name` now unless a run is under way (then once more after it); resolves when done. */
  runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job ${name}`));
    if (job.running) {
      job.again = true;
      return job.running;
    }
    job.running = (async () => {
      do {
        job.again = false;
        await job.run().catch((error: unknown) => this.options.onError(name, error));
      } while (job.again && !this.stopped);
      job.running = undefined;
    })();
    return job.running;
  }
}
