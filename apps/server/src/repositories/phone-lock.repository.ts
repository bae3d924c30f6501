import type { PhoneBusyKind } from '@cloudphone/contracts/phones';
import type { AppDatabase } from '../db/database';

export interface PhoneLock {
  userPhoneId: number;
  kind: PhoneBusyKind;
  holder: string;
  lockedAt: number;
  expiresAt: number;
}

const columns = [
  'user_phone_id as userPhoneId',
  'kind',
  'holder',
  'locked_at as lockedAt',
  'expires_at as expiresAt',
] as const;

/** Phones' busy locks: one row per busy phone, taken by a conditional write. */
export class PhoneLockRepository {
  constructor(private readonly db: AppDatabase) {}

  /**
   * Takes the phone's lock for `holder` unless another holds it and it has not expired, in one
   * statement: of racing takers exactly one gets it. The lock held instead, when refused.
   */
  async take(lock: PhoneLock, now: number): Promise<true | PhoneLock> {
    const taken = await this.db
      .insertInto('phone_lock')
      .values({
        user_phone_id: lock.userPhoneId,
        kind: lock.kind,
        holder: lock.holder,
        locked_at: lock.lockedAt,
        expires_at: lock.expiresAt,
      })
      .onConflict((oc) =>
        oc
          .column('user_phone_id')
          .doUpdateSet({ kind: lock.kind, holder: lock.holder, locked_at: lock.lockedAt, expires_at: lock.expiresAt })
          .where('phone_lock.expires_at', '<=', now),
      )
      .returning('user_phone_id')
      .executeTakeFirst();
    if (taken) return true;
    return (await this.held([lock.userPhoneId], now))[0] ?? true;
  }

  /** Releases the holder's locks of these phones. */
  async release(userPhoneIds: readonly number[], holder: string): Promise<void> {
    if (userPhoneIds.length === 0) return;
    await this.db
      .deleteFrom('phone_lock')
      .where('user_phone_id', 'in', userPhoneIds)
      .where('holder', '=', holder)
      .execute();
  }

  /** The live locks of these phones. */
  async held(userPhoneIds: readonly number[], now: number): Promise<PhoneLock[]> {
    if (userPhoneIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('phone_lock')
      .select(columns)
      .where('user_phone_id', 'in', userPhoneIds)
      .where('expires_at', '>', now)
      .execute();
    return rows.map((row) => ({ ...row, kind: row.kind as PhoneBusyKind }));
  }
}
