import { sql } from 'kysely';
import type { AnalyticsEvent } from '@cloudphone/contracts/analytics';
import type { AppDatabase } from '../db/database';

export interface StoredAnalyticsEvent extends AnalyticsEvent {
  id: number;
  tenantId: number;
  clientId: number;
  deviceId: string;
  userId: number | null;
  receivedAt: number;
}

export interface AnalyticsDay {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  events: number;
  users: number;
  devices: number;
}

const DAY_MS = 86_400_000;
/** `forwarded_at` of an event no collector is to have (none was configured, or it was given up on). */
export const NOT_FORWARDED = 0;

/** Events from the browsers' analytics SDK (issue 29), and what the admin report counts of them. */
export class AnalyticsRepository {
  constructor(private readonly db: AppDatabase) {}

  async add(
    from: { tenantId: number; clientId: number; deviceId: string; userId: number | null },
    events: readonly AnalyticsEvent[],
    forward: boolean,
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('analytics_event')
      .values(
        events.map((e) => ({
          tenant_id: from.tenantId,
          client_id: from.clientId,
          device_id: from.deviceId,
          user_id: from.userId,
          event: e.event,
          properties: JSON.stringify(e.properties),
          time: e.time,
          received_at: now,
          forwarded_at: forward ? null : NOT_FORWARDED,
        })),
      )
      .execute();
  }

  /** The tenants with events still to forward. */
  async tenantsToForward(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('analytics_event')
      .select('tenant_id')
      .distinct()
      .where('forwarded_at', 'is', null)
      .execute();
    return rows.map((r) => r.tenant_id);
  }

  /** A tenant's oldest events still to forward to its collector. */
  async toForward(tenantId: number, limit: number): Promise<StoredAnalyticsEvent[]> {
    const rows = await this.db
      .selectFrom('analytics_event')
      .selectAll()
      .where('forwarded_at', 'is', null)
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      clientId: r.client_id,
      deviceId: r.device_id,
      userId: r.user_id,
      event: r.event,
      properties: JSON.parse(r.properties) as AnalyticsEvent['properties'],
      time: Number(r.time),
      receivedAt: Number(r.received_at),
    }));
  }

  async markForwarded(ids: readonly number[], at: number): Promise<void> {
    if (ids.length > 0)
      await this.db.updateTable('analytics_event').set({ forwarded_at: at }).where('id', 'in', ids).execute();
  }

  /** Events, signed-in users and devices per UTC day of a tenant since `since`, the latest day first. */
  async days(tenantId: number, since: number): Promise<AnalyticsDay[]> {
    // A literal, not a parameter: PostgreSQL only matches the grouped expression when its text is the same.
    const day = sql<number>`cast(received_at / ${sql.lit(DAY_MS)} as integer)`;
    const rows = await this.db
      .selectFrom('analytics_event')
      .select((eb) => [
        day.as('day'),
        eb.fn.countAll<number>().as('events'),
        eb.fn.count<number>('user_id').distinct().as('users'),
        eb.fn.count<number>('device_id').distinct().as('devices'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('received_at', '>=', since)
      .groupBy(day)
      .orderBy(day, 'desc')
      .execute();
    return rows.map((r) => ({
      day: new Date(Number(r.day) * DAY_MS).toISOString().slice(0, 10),
      events: Number(r.events),
      users: Number(r.users),
      devices: Number(r.devices),
    }));
  }
}
