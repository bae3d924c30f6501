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

  /** Not yet delivered, oldest first. */
  async pending(limit = 200): Promise<HostDelivery[]> {
    const rows = await this.db
      .selectFrom('host_outbox')
      .select(columns)
      .where('delivered_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, kind: row.kind as HostDeliveryKind }));
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
