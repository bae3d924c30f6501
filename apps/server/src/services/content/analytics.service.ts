import { ANALYTICS_SENDS_PER_MINUTE, type AnalyticsEvent } from '@cloudphone/contracts/analytics';
import { ANALYTICS } from '@cloudphone/contracts/limits';
import { AppError } from '../app-error';
import type { JobRunner } from '../../jobs/job-runner';
import { NOT_FORWARDED, type AnalyticsDay, type StoredAnalyticsEvent } from '../../repositories/analytics.repository';
import type { RepositoriesOf } from '../../repositories/index';
import type { Throttle, ThrottleRule } from '../../security/throttle';
import type { Clock } from '../clock';

/** The job that hands stored events on to the merchants' own collectors. */
export const FORWARD_ANALYTICS_JOB = 'analytics.forward';
/** A tenant setting (admin CLI `analytics:forward`): the merchant's third-party collector, if any. */
export const ANALYTICS_FORWARD_URL_KEY = 'analytics.forward.url';
/** A collector that has not taken an event for this long has it given up on: nothing piles up forever. */
const FORWARD_GIVE_UP_MS = 24 * 3_600_000;
const FORWARD_PAGE = 500;

const SENDS: ThrottleRule = { scope: 'analytics-collect', limit: ANALYTICS_SENDS_PER_MINUTE, windowMs: 60_000 };

/**
 * The analytics collector (issue 29; spec §9): batches from browsers, names checked by the contract,
 * sends limited per device; events are kept for the admin report and, when the merchant configured a
 * collector of its own, forwarded there by a job — at most 50 per send, 3 s each, retried on the
 * job's next run until a day has passed.
 */
export class AnalyticsService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'analytics' | 'config'>;
      throttle: Throttle;
      jobs: JobRunner;
      clock: Clock;
    },
  ) {}

  async collect(
    from: { tenantId: number; clientId: number; deviceId: string; userId: number | null },
    events: readonly AnalyticsEvent[],
  ): Promise<{ accepted: number }> {
    if (!(await this.deps.throttle.hit(SENDS, `${from.tenantId}:${from.deviceId}`))) throw new AppError('tooFrequent');
    const forward = (await this.forwardUrl(from.tenantId)) !== '';
    await this.deps.repos.analytics.add(from, events, forward, this.deps.clock.now());
    if (forward) this.deps.jobs.trigger(FORWARD_ANALYTICS_JOB);
    return { accepted: events.length };
  }

  /** The forward job: each tenant's pending events to its collector, a send of at most 50 at a time. */
  async forward(): Promise<number> {
    let forwarded = 0;
    // Tenant by tenant, so one merchant's collector being down holds up no other's events.
    for (const tenantId of await this.deps.repos.analytics.tenantsToForward()) {
      const url = await this.forwardUrl(tenantId);
      const events = await this.deps.repos.analytics.toForward(tenantId, FORWARD_PAGE);
      for (let i = 0; i < events.length; i += ANALYTICS.maxPerSend) {
        const batch = events.slice(i, i + ANALYTICS.maxPerSend);
        const ids = batch.map((e) => e.id);
        if (url && (await this.send(url, batch))) {
          await this.deps.repos.analytics.markForwarded(ids, this.deps.clock.now());
          forwarded += batch.length;
        } else if (!url || this.deps.clock.now() - batch[0]!.receivedAt > FORWARD_GIVE_UP_MS) {
          await this.deps.repos.analytics.markForwarded(ids, NOT_FORWARDED);
        } else break; // the collector is down: this tenant waits for the next run
      }
    }
    return forwarded;
  }

  report(tenantId: number, days: number): Promise<AnalyticsDay[]> {
    return this.deps.repos.analytics.days(tenantId, this.deps.clock.now() - days * 86_400_000);
  }

  private async forwardUrl(tenantId: number): Promise<string> {
    return (
      (await this.deps.repos.config.tenantValues(tenantId, [ANALYTICS_FORWARD_URL_KEY])).get(
        ANALYTICS_FORWARD_URL_KEY,
      ) ?? ''
    );
  }

  private async send(url: string, batch: readonly StoredAnalyticsEvent[]): Promise<boolean> {
    const events = batch.map(({ event, properties, time, clientId, deviceId, userId }) => ({
      event,
      properties,
      time,
      clientId,
      deviceId,
      userId,
    }));
    try {
      const reply = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ events }),
        signal: AbortSignal.timeout(ANALYTICS.timeoutMs),
      });
      return reply.ok;
    } catch {
      return false;
    }
  }
}
