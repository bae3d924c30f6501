import type { AppDatabase } from '../db/database';

export interface SyncMemberRow {
  userPhoneId: number;
  paused: boolean;
}

export interface SyncSessionRow {
  id: string;
  tenantId: number;
  userId: number;
  mainUserPhoneId: number;
  createdAt: number;
  mainSeenAt: number;
  endedAt: number | null;
  /** The main first, then followers in the order they joined. */
  members: SyncMemberRow[];
}

const sessionColumns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'main_user_phone_id as mainUserPhoneId',
  'created_at as createdAt',
  'main_seen_at as mainSeenAt',
  'ended_at as endedAt',
] as const;

/** Sync sessions and their phones (issue 26). Their locks are the phone-lock repository's. */
export class SyncRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(
    session: Omit<SyncSessionRow, 'endedAt' | 'members' | 'mainSeenAt'>,
    phoneIds: readonly number[],
  ): Promise<void> {
    await this.db
      .insertInto('sync_session')
      .values({
        id: session.id,
        tenant_id: session.tenantId,
        user_id: session.userId,
        main_user_phone_id: session.mainUserPhoneId,
        created_at: session.createdAt,
        main_seen_at: session.createdAt,
        ended_at: null,
      })
      .execute();
    await this.addMembers(session.id, phoneIds, session.createdAt);
  }

  async addMembers(syncId: string, phoneIds: readonly number[], at: number): Promise<void> {
    if (phoneIds.length === 0) return;
    await this.db
      .insertInto('sync_member')
      .values(phoneIds.map((id) => ({ sync_id: syncId, user_phone_id: id, paused: 0, joined_at: at })))
      .onConflict((oc) => oc.columns(['sync_id', 'user_phone_id']).doNothing())
      .execute();
  }

  async removeMembers(syncId: string, phoneIds: readonly number[]): Promise<void> {
    if (phoneIds.length === 0) return;
    await this.db
      .deleteFrom('sync_member')
      .where('sync_id', '=', syncId)
      .where('user_phone_id', 'in', phoneIds)
      .execute();
  }

  async setPaused(syncId: string, phoneIds: readonly number[], paused: boolean): Promise<void> {
    if (phoneIds.length === 0) return;
    await this.db
      .updateTable('sync_member')
      .set({ paused: paused ? 1 : 0 })
      .where('sync_id', '=', syncId)
      .where('user_phone_id', 'in', phoneIds)
      .execute();
  }

  async setMain(syncId: string, userPhoneId: number): Promise<void> {
    await this.db
      .updateTable('sync_session')
      .set({ main_user_phone_id: userPhoneId })
      .where('id', '=', syncId)
      .execute();
    // The main always follows itself: it is never paused.
    await this.setPaused(syncId, [userPhoneId], false);
  }

  async seen(syncId: string, at: number): Promise<void> {
    await this.db.updateTable('sync_session').set({ main_seen_at: at }).where('id', '=', syncId).execute();
  }

  /** Ends a live session; false when it had ended already (another caller ended it first). */
  async end(syncId: string, at: number): Promise<boolean> {
    const ended = await this.db
      .updateTable('sync_session')
      .set({ ended_at: at })
      .where('id', '=', syncId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows) === 1;
  }

  async find(syncId: string): Promise<SyncSessionRow | undefined> {
    const row = await this.db
      .selectFrom('sync_session')
      .select(sessionColumns)
      .where('id', '=', syncId)
      .executeTakeFirst();
    return row && (await this.withMembers([row]))[0];
  }

  /** Live sessions: one user's, or every user's (the heartbeat job). */
  async live(userId?: number): Promise<SyncSessionRow[]> {
    let query = this.db.selectFrom('sync_session').select(sessionColumns).where('ended_at', 'is', null);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return this.withMembers(await query.orderBy('created_at').execute());
  }

  private async withMembers(rows: Omit<SyncSessionRow, 'members'>[]): Promise<SyncSessionRow[]> {
    if (rows.length === 0) return [];
    const members = await this.db
      .selectFrom('sync_member')
      .select(['sync_id', 'user_phone_id', 'paused'])
      .where(
        'sync_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('joined_at')
      .orderBy('user_phone_id')
      .execute();
    return rows.map((row) => {
      const own = members
        .filter((m) => m.sync_id === row.id)
        .map((m) => ({ userPhoneId: m.user_phone_id, paused: m.paused === 1 }));
      const main = own.filter((m) => m.userPhoneId === row.mainUserPhoneId);
      return { ...row, members: [...main, ...own.filter((m) => m.userPhoneId !== row.mainUserPhoneId)] };
    });
  }
}
