import type { Permission } from '@cloudphone/contracts/stream';
import type { AppDatabase } from '../db/database';

export interface PhoneGrant {
  id: number;
  userPhoneId: number;
  grantorId: number;
  granteeId: number;
  permission: Permission;
  expireTime: number;
}

const columns = [
  'id',
  'user_phone_id as userPhoneId',
  'grantor_id as grantorId',
  'grantee_id as granteeId',
  'permission',
  'expire_time as expireTime',
] as const;
const toGrant = (row: Omit<PhoneGrant, 'permission'> & { permission: string }): PhoneGrant => ({
  ...row,
  permission: row.permission as Permission,
});

/** Grants of phones to other accounts; only those neither revoked nor lapsed count. */
export class PhoneGrantRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(grant: Omit<PhoneGrant, 'id'> & { tenantId: number; createdAt: number }): Promise<PhoneGrant> {
    const row = await this.db
      .insertInto('phone_grant')
      .values({
        tenant_id: grant.tenantId,
        user_phone_id: grant.userPhoneId,
        grantor_id: grant.grantorId,
        grantee_id: grant.granteeId,
        permission: grant.permission,
        expire_time: grant.expireTime,
        created_at: grant.createdAt,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toGrant(row);
  }

  /** The grants a user holds now. */
  async heldBy(granteeId: number, now: number): Promise<PhoneGrant[]> {
    const rows = await this.db
      .selectFrom('phone_grant')
      .select(columns)
      .where('grantee_id', '=', granteeId)
      .where('revoked_at', 'is', null)
      .where('expire_time', '>', now)
      .execute();
    return rows.map(toGrant);
  }

  /** The phones among `userPhoneIds` granted to someone now. */
  async grantedOut(userPhoneIds: readonly number[], now: number): Promise<Set<number>> {
    if (userPhoneIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('phone_grant')
      .select('user_phone_id as userPhoneId')
      .where('user_phone_id', 'in', userPhoneIds)
      .where('revoked_at', 'is', null)
      .where('expire_time', '>', now)
      .execute();
    return new Set(rows.map((r) => r.userPhoneId));
  }

  /** Ends every live grant of these phones (they changed hands); the grants ended. */
  async revokeAllOf(userPhoneIds: readonly number[], at: number): Promise<PhoneGrant[]> {
    if (userPhoneIds.length === 0) return [];
    const rows = await this.db
      .updateTable('phone_grant')
      .set({ revoked_at: at })
      .where('user_phone_id', 'in', userPhoneIds)
      .where('revoked_at', 'is', null)
      .where('expire_time', '>', at)
      .returning(columns)
      .execute();
    return rows.map(toGrant);
  }

  async revoke(id: number, at: number): Promise<void> {
    await this.db.updateTable('phone_grant').set({ revoked_at: at }).where('id', '=', id).execute();
  }
}
