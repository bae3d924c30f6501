/** How long one check may take: a database that does not answer is as good as down. */
export const READY_CHECK_MS = 2_000;

/** A check passes with a short note of what it saw, or throws the reason it fails. */
export type ReadyCheck = () => string | Promise<string>;

export interface CheckResult {
  ok: boolean;
  detail: string;
  /** Told beside the others, but not what readiness depends on (the server's hosts, issue 49). */
  advisory?: true;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

/** What `/ready` asks, each check added by the part it concerns (the database, the hosts, a host's store …). */
export class Readiness {
  private readonly checks = new Map<string, { check: ReadyCheck; advisory: boolean }>();

  /** A check `/ready` depends on, or (`advisory`) one it only tells of. */
  add(name: string, check: ReadyCheck, { advisory = false } = {}): void {
    this.checks.set(name, { check, advisory });
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, { check, advisory }]) => {
        const result = await settle(check);
        return [name, advisory ? { ...result, advisory: true as const } : result] as const;
      }),
    );
    return {
      ready: entries.every(([, result]) => result.ok || result.advisory),
      checks: Object.fromEntries(entries),
    };
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
