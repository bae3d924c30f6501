/** How long one check may take: a database that does not answer is as good as down. */
export const READY_CHECK_MS = 2_000;

/** A check passes with a short note of what it saw, or throws the reason it fails. */
export type ReadyCheck = () => string | Promise<string>;

export interface CheckResult {
  ok: boolean;
  detail: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

/** What `/ready` asks, each check added by the part it concerns (the database, the hosts, a host's store …). */
export class Readiness {
  private readonly checks = new Map<string, ReadyCheck>();

  add(name: string, check: ReadyCheck): void {
    this.checks.set(name, check);
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await settle(check)] as const),
    );
    return { ready: entries.every(([, result]) => result.ok), checks: Object.fromEntries(entries) };
  }
}

async function settle(check: ReadyCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_CHECK_MS / 1000} s`)), READY_CHECK_MS);
  });
  try {
    return { ok: true, detail: await Promise.race([Promise.resolve().then(check), late]) };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
