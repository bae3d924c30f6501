import type { AppDatabase } from '../db/database';

export interface LoginSession {
  id: number;
  userId: number;
  tenantId: number;
  clientId: number;
  deviceId: string;
  userAgent: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

const columns = [
  'id',
  'user_id as userId',
  'tenant_id as tenantId',
  'client_id as clientId',
  'device_id as deviceId',
  'user_agent as userAgent',
  'ip',
  'created_at as createdAt',
  'last_seen_at as lastSeenAt',
  'expires_at as expiresAt',
  'revoked_at as revokedAt',
] as const;

/** Login sessions (one per login on a device) and their refresh-token families. */
export class SessionRepository {
  constructor(private readonly db: AppDatabase) {}

  /** A session with its first refresh token (two writes: call it in a unit of work). */
  async create(session: Omit<LoginSession, 'id' | 'revokedAt'>, refreshTokenHash: string): Promise<LoginSession> {
    const row = await this.db
      .insertInto('login_session')
      .values({
        user_id: session.userId,
        tenant_id: session.tenantId,
        client_id: session.clientId,
        device_id: session.deviceId,
        user_agent: session.userAgent,
        ip: session.ip,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('refresh_token')
      .values({ token_hash: refreshTokenHash, session_id: row.id, created_at: session.createdAt })
      .execute();
    return row;
  }

  async findById(id: number): Promise<LoginSession | undefined> {
    return this.db.selectFrom('login_session').select(columns).where('id', '=', id).executeTakeFirst();
  }

  /** The session and account state an authenticated request needs, in one query. */
  async authState(
    sessionId: number,
  ): Promise<
    | { revokedAt: number | null; expiresAt: number; lastSeenAt: number; userStatus: string; language: string | null }
    | undefined
  > {
    return this.db
      .selectFrom('login_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select([
        's.revoked_at as revokedAt',
        's.expires_at as expiresAt',
        's.last_seen_at as lastSeenAt',
        'u.status as userStatus',
        'u.language',
      ])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  }

  async touch(sessionId: number, now: number): Promise<void> {
    await this.db.updateTable('login_session').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  }

  async activeOfUser(userId: number, now: number): Promise<LoginSession[]> {
    return this.db
      .selectFrom('login_session')
      .select(columns)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .execute();
  }

  async revoke(sessionId: number, now: number): Promise<void> {
    await this.db
      .updateTable('login_session')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a user but `keep` (password change, mobile change, unregister). */
  async revokeAllOfUser(userId: number, now: number, keep?: number): Promise<void> {
    let query = this.db
      .updateTable('login_session')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    await query.execute();
  }

  async findRefreshToken(tokenHash: string): Promise<{ sessionId: number; replacedAt: number | null } | undefined> {
    return this.db
      .selectFrom('refresh_token')
      .select(['session_id as sessionId', 'replaced_at as replacedAt'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Replaces the current refresh token with a new one. A conditional write: of two refreshes with the
   * same token, only one replaces it; the other sees a replaced token (a reuse). Tells whether it won.
   * Several writes: call it in a unit of work.
   */
  async rotateRefreshToken(oldHash: string, newHash: string, sessionId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_token')
      .set({ replaced_at: now })
      .where('token_hash', '=', oldHash)
      .where('replaced_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db
      .insertInto('refresh_token')
      .values({ token_hash: newHash, session_id: sessionId, created_at: now })
      .execute();
    await this.db.updateTable('login_session').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
    return true;
  }
}
