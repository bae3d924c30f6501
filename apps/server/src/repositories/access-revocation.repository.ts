import type { AppDatabase } from '../db/database';

export interface AccessRevocation {
  id: number;
  userPhoneId: number;
  deviceHostId: number;
  instanceNo: string;
  /** Null: every key of the phone; else only this user's. */
  userId: number | null;
  reason: string;
  at: number;
}

const columns = [
  'id',
  'user_phone_id as userPhoneId',
  'device_host_id as deviceHostId',
  'instance_no as instanceNo',
  'user_id as userId',
  'reason',
  'at',
] as const;

/** Ends of access waiting to reach their host (DESIGN §10), written by any process. */
export class AccessRevocationRepository {
  constructor(private readonly db: AppDatabase) {}

  async add(revocation: Omit<AccessRevocation, 'id'>): Promise<void> {
    await this.db
      .insertInto('access_revocation')
      .values({
        user_phone_id: revocation.userPhoneId,
        device_host_id: revocation.deviceHostId,
        instance_no: revocation.instanceNo,
        user_id: revocation.userId,
        reason: revocation.reason,
        at: revocation.at,
        delivered_at: null,
      })
      .execute();
  }

  /** Not yet delivered, oldest first. */
  async pending(limit = 200): Promise<AccessRevocation[]> {
    return this.db
      .selectFrom('access_revocation')
      .select(columns)
      .where('delivered_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Whether an end of access to any of these phones has yet to reach its host. */
  async anyPendingFor(userPhoneIds: readonly number[]): Promise<boolean> {
    if (userPhoneIds.length === 0) return false;
    const row = await this.db
      .selectFrom('access_revocation')
      .select('id')
      .where('user_phone_id', 'in', userPhoneIds)
      .where('delivered_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markDelivered(id: number, at: number): Promise<void> {
    await this.db.updateTable('access_revocation').set({ delivered_at: at }).where('id', '=', id).execute();
  }
}
