import type { AppDatabase } from '../db/database';

/** What a host is told: an end of access, or that a phone's locks changed (its whole state follows). */
export type HostDeliveryKind = 'revoke' | 'phone-state';

export interface HostDelivery {
  id: number;
  kind: HostDeliveryKind;
  userPhoneId: number;
  deviceHostId: number;
  instanceNo: string;
  /** A revocation's: null for every key of the phone, else only this user's. */
  userId: number | null;
  reason: string;
  at: number;
}

const columns = [
  'id',
  'kind',
  'user_phone_id as userPhoneId',
  'device_host_id as deviceHostId',
  'instance_no as instanceNo',
  'user_id as userId',
  'reason',
  'at',
] as const;

/**
 * The one durable, ordered delivery to hosts (DESIGN §10): rows written in the unit of work of the
 * change they tell, by any process (the admin CLI too); the server's job delivers them in order.
 */
export class HostOutboxRepository {
  constructor(private readonly db: AppDatabase) {}

  async add(delivery: Omit<HostDelivery, 'id'>): Promise<void> {
    await this.db
      .insertInto('host_outbox')
      .values({
        kind: delivery.kind,
        user_phone_id: delivery.userPhoneId,
        device_host_id: delivery.deviceHostId,
        instance_no: delivery.instanceNo,
        user_id: delivery.userId,
        reason: delivery.reason,
        at: delivery.at,
        delivered_at: null,
      })
      .execute();
  }

  /** Not yet delivered, oldest first: all of them, or (`hostId`) one host's. */
  async pending({ hostId, limit = 200 }: { hostId?: number; limit?: number } = {}): Promise<HostDelivery[]> {
    let query = this.db.selectFrom('host_outbox').select(columns).where('delivered_at', 'is', null);
    if (hostId !== undefined) query = query.where('device_host_id', '=', hostId);
    const rows = await query.orderBy('id').limit(limit).execute();
    return rows.map((row) => ({ ...row, kind: row.kind as HostDeliveryKind }));
  }

  /** The hosts with rows not yet delivered. */
  async hostsWithPending(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('host_outbox')
      .select('device_host_id as hostId')
      .distinct()
      .where('delivered_at', 'is', null)
      .execute();
    return rows.map((row) => row.hostId);
  }

  /**
   * Takes, or renews, the claim on delivering a host's rows for `holder` until `until` — unless
   * another holder's claim still runs at `now` (issue 49): whether `holder` holds it.
   */
  async claimHost(hostId: number, holder: string, now: number, until: number): Promise<boolean> {
    const result = await this.db
      .insertInto('host_delivery_claim')
      .values({ device_host_id: hostId, holder, until })
      .onConflict((oc) =>
        oc
          .column('device_host_id')
          .doUpdateSet({ holder, until })
          .where((eb) =>
            eb.or([eb('host_delivery_claim.until', '<', now), eb('host_delivery_claim.holder', '=', holder)]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Lets go of a host's claim `holder` holds. */
  async releaseHost(hostId: number, holder: string): Promise<void> {
    await this.db
      .deleteFrom('host_delivery_claim')
      .where('device_host_id', '=', hostId)
      .where('holder', '=', holder)
      .execute();
  }

  /** Whether an end of access to any of these phones has yet to reach its host. */
  async anyRevocationPendingFor(userPhoneIds: readonly number[]): Promise<boolean> {
    if (userPhoneIds.length === 0) return false;
    const row = await this.db
      .selectFrom('host_outbox')
      .select('id')
      .where('user_phone_id', 'in', userPhoneIds)
      .where('kind', '=', 'revoke')
      .where('delivered_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markDelivered(ids: readonly number[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('host_outbox').set({ delivered_at: at }).where('id', 'in', ids).execute();
  }
}
