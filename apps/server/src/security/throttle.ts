/**
 * Counts events per key in a sliding window, in this process's memory. Enough for one API node;
 * with several nodes the same interface moves to Redis (DESIGN §8).
 */
export class Throttle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** True when `key` has used up its events in the window ending at `now`. */
  exceeded(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.limit;
  }

  record(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }
}
