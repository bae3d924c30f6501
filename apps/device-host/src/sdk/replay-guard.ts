/** Sweeps forgotten entries once this many were remembered since the last sweep. */
const SWEEP_EVERY = 1_000;

/**
 * Remembers each accepted (access key, signature) pair until its request time falls out of the
 * window the host accepts, so a captured SDK request cannot be sent again (DESIGN §4): the same
 * request a second time is refused, while the request shape stays as the SDK signs it.
 */
export class ReplayGuard {
  /** pair → when its request time stops being accepted anyway */
  private readonly seen = new Map<string, number>();
  private sinceSweep = 0;

  constructor(private readonly windowMs: number) {}

  /** True the first time a pair is presented within the window; false for a repeat. */
  firstUse(accessKey: string, signature: string, requestTime: number, now: number): boolean {
    const pair = `${accessKey}\n${signature}`;
    const until = this.seen.get(pair);
    if (until !== undefined && until >= now) return false;
    if (++this.sinceSweep >= SWEEP_EVERY) this.sweep(now);
    this.seen.set(pair, requestTime + this.windowMs);
    return true;
  }

  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [pair, until] of this.seen) if (until < now) this.seen.delete(pair);
  }
}
