import { sql } from 'kysely';
import { lockConflict, type HeldLock, type PhoneLockKind } from '@cloudphone/contracts/phone-access';
import type { HostSyncPlace } from '@cloudphone/contracts/host-api';
import type { AppDatabase } from '../db/database';

export interface PhoneLock extends HeldLock {
  userPhoneId: number;
  lockedAt: number;
}

/** A phone's locks as its host is told them: all of them, and the version they are at. */
export interface PhonePolicyState {
  userPhoneId: number;
  instanceNo: string;
  deviceHostId: number;
  version: number;
  locks: HeldLock[];
  /** Its place in a live sync session, if it is in one. */
  sync: HostSyncPlace | null;
}

const columns = [
  'user_phone_id as userPhoneId',
  'kind',
  'holder',
  'locked_at as lockedAt',
  'expires_at as expiresAt',
] as const;

/**
 * Phones' locks (DESIGN §10): a row per phone and holder. Whether a new lock fits beside those held
 * is decided after the phone's policy version is bumped, which serialises the takers of one phone
 * (a row lock on PostgreSQL; SQLite runs one writer at a time): of racing takers, one wins.
 * Call it inside a unit of work, so the check and the write commit together.
 */
export class PhoneLockRepository {
  constructor(private readonly db: AppDatabase) {}

  /**
   * Takes (or renews) `holder`'s lock of the phone unless a live lock of another holder does not
   * fit beside it. The conflicting lock, when refused.
   */
  async take(lock: PhoneLock, now: number): Promise<true | PhoneLock> {
    await this.bumpVersion([lock.userPhoneId]);
    const held = await this.held([lock.userPhoneId], now);
    const conflict = lockConflict(held, lock.kind, lock.holder);
    if (conflict) return conflict as PhoneLock;
    await this.db
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
          .columns(['user_phone_id', 'holder'])
          .doUpdateSet({ kind: lock.kind, locked_at: lock.lockedAt, expires_at: lock.expiresAt }),
      )
      .execute();
    // A lock left behind by an operation that died is no longer worth keeping.
    await this.db
      .deleteFrom('phone_lock')
      .where('user_phone_id', '=', lock.userPhoneId)
      .where('expires_at', '<=', now)
      .execute();
    return true;
  }

  /** Releases the holder's locks of these phones; the phones whose locks changed. */
  async release(userPhoneIds: readonly number[], holder: string): Promise<number[]> {
    if (userPhoneIds.length === 0) return [];
    const released = await this.db
      .deleteFrom('phone_lock')
      .where('user_phone_id', 'in', userPhoneIds)
      .where('holder', '=', holder)
      .returning('user_phone_id')
      .execute();
    const changed = [...new Set(released.map((r) => r.user_phone_id))].sort((a, b) => a - b);
    await this.bumpVersion(changed);
    return changed;
  }

  /** Moves the expiry of `holder`'s locks of these phones; the phones whose locks changed. */
  async setExpiry(userPhoneIds: readonly number[], holder: string, expiresAt: number): Promise<number[]> {
    if (userPhoneIds.length === 0) return [];
    const updated = await this.db
      .updateTable('phone_lock')
      .set({ expires_at: expiresAt })
      .where('user_phone_id', 'in', userPhoneIds)
      .where('holder', '=', holder)
      .returning('user_phone_id')
      .execute();
    const changed = [...new Set(updated.map((r) => r.user_phone_id))].sort((a, b) => a - b);
    await this.bumpVersion(changed);
    return changed;
  }

  /** Releases every lock `holder` has; the phones whose locks changed. */
  async releaseHolder(holder: string): Promise<number[]> {
    const phones = await this.db
      .selectFrom('phone_lock')
      .select('user_phone_id')
      .where('holder', '=', holder)
      .execute();
    return this.release(
      phones.map((p) => p.user_phone_id),
      holder,
    );
  }

  /** The live locks of these phones. */
  async held(userPhoneIds: readonly number[], now: number): Promise<PhoneLock[]> {
    if (userPhoneIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('phone_lock')
      .select(columns)
      .where('user_phone_id', 'in', userPhoneIds)
      .where('expires_at', '>', now)
      .orderBy('user_phone_id')
      .orderBy('locked_at')
      .execute();
    return rows.map((row) => ({ ...row, kind: row.kind as PhoneLockKind }));
  }

  /** Each phone's locks and the version they are at, as its host is told them. */
  async states(userPhoneIds: readonly number[], now: number): Promise<PhonePolicyState[]> {
    if (userPhoneIds.length === 0) return [];
    const phones = await this.db
      .selectFrom('user_phone')
      .select(['id', 'instance_no as instanceNo', 'device_host_id as deviceHostId', 'policy_version as version'])
      .where('id', 'in', userPhoneIds)
      .orderBy('id')
      .execute();
    return this.withLocks(phones, now);
  }

  /**
   * The states of a host's phones whose locks ever changed, a batch at a time in id order (after
   * `afterId`): what a host that asks for its whole state is told.
   */
  async statesOfHost(hostId: number, now: number, afterId: number, limit: number): Promise<PhonePolicyState[]> {
    const phones = await this.db
      .selectFrom('user_phone')
      .select(['id', 'instance_no as instanceNo', 'device_host_id as deviceHostId', 'policy_version as version'])
      .where('device_host_id', '=', hostId)
      .where('policy_version', '>', 0)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return this.withLocks(phones, now);
  }

  private async withLocks(
    phones: { id: number; instanceNo: string; deviceHostId: number; version: number }[],
    now: number,
  ): Promise<PhonePolicyState[]> {
    const locks = await this.held(
      phones.map((p) => p.id),
      now,
    );
    const places = await this.syncPlaces(phones.map((p) => p.id));
    return phones.map(({ id, ...phone }) => ({
      userPhoneId: id,
      ...phone,
      locks: locks
        .filter((l) => l.userPhoneId === id)
        .map(({ kind, holder, expiresAt }) => ({ kind, holder, expiresAt })),
      sync: places.get(id) ?? null,
    }));
  }

  /** Each phone's place in a live sync session. */
  private async syncPlaces(userPhoneIds: readonly number[]): Promise<Map<number, HostSyncPlace>> {
    if (userPhoneIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sync_member as m')
      .innerJoin('sync_session as s', 's.id', 'm.sync_id')
      .select(['m.user_phone_id as userPhoneId', 's.id as syncId', 's.main_user_phone_id as mainId', 'm.paused'])
      .where('m.user_phone_id', 'in', userPhoneIds)
      .where('s.ended_at', 'is', null)
      .execute();
    return new Map(
      rows.map((r) => [r.userPhoneId, { syncId: r.syncId, main: r.mainId === r.userPhoneId, paused: r.paused === 1 }]),
    );
  }

  /** One more change of these phones' locks or sync places (in id order, as every lock taker goes). */
  async bumpVersion(userPhoneIds: readonly number[]): Promise<void> {
    for (const id of [...userPhoneIds].sort((a, b) => a - b))
      await this.db
        .updateTable('user_phone')
        .set({ policy_version: sql`policy_version + 1` })
        .where('id', '=', id)
        .execute();
  }
}
