import type { Permission } from '@cloudphone/contracts/stream';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

export interface PhoneGrant {
  id: number;
  tenantId: number;
  userPhoneId: number;
  grantorId: number;
  /** Null while its grant code waits to be redeemed. */
  granteeId: number | null;
  permission: Permission;
  days: number;
  expireTime: number;
  createdAt: number;
  grantCode: string | null;
  /** Neither taken back, cancelled nor ended with its phone (it may still have lapsed: see expireTime). */
  live: boolean;
}

/** A grant as a page lists it: with its phone's name and the other account's mobile. */
export interface ListedGrant extends PhoneGrant {
  phoneName: string;
  phoneNameNo: number | null;
  /** The grantee's mobile on the grantor's side, the grantor's on the grantee's; null while a code waits. */
  otherMobile: string | null;
}

const columns = [
  'phone_grant.id',
  'phone_grant.tenant_id as tenantId',
  'phone_grant.user_phone_id as userPhoneId',
  'phone_grant.grantor_id as grantorId',
  'phone_grant.grantee_id as granteeId',
  'phone_grant.permission',
  'phone_grant.days',
  'phone_grant.expire_time as expireTime',
  'phone_grant.created_at as createdAt',
  'phone_grant.grant_code as grantCode',
  'phone_grant.live_phone_id as livePhoneId',
] as const;
type Row = Omit<PhoneGrant, 'permission' | 'live'> & { permission: string; livePhoneId: number | null };
const toGrant = ({ livePhoneId, ...row }: Row): PhoneGrant => ({
  ...row,
  permission: row.permission as Permission,
  live: livePhoneId !== null,
});

/**
 * Grants of phones to other accounts (spec §3, §6). A grant lives from its making until it is taken
 * back, cancelled or ended with its phone (`live_phone_id` cleared), or until its time is up.
 */
export class PhoneGrantRepository {
  constructor(private readonly db: AppDatabase) {}

  /**
   * Makes a live grant unless the phone already has one, in one statement (the unique live phone):
   * of two grants of one phone at once exactly one is made. Undefined when refused.
   */
  async create(
    grant: Omit<PhoneGrant, 'id' | 'live'> & { redeemedAt: number | null },
  ): Promise<PhoneGrant | undefined> {
    const row = await this.db
      .insertInto('phone_grant')
      .values({
        tenant_id: grant.tenantId,
        user_phone_id: grant.userPhoneId,
        grantor_id: grant.grantorId,
        grantee_id: grant.granteeId,
        permission: grant.permission,
        days: grant.days,
        expire_time: grant.expireTime,
        created_at: grant.createdAt,
        grant_code: grant.grantCode,
        live_phone_id: grant.userPhoneId,
        redeemed_at: grant.redeemedAt,
        revoked_at: null,
        end_reason: null,
      })
      .onConflict((oc) => oc.column('live_phone_id').doNothing())
      .returning(columns)
      .executeTakeFirst();
    return row && toGrant(row);
  }

  /** A phone's grant whose time is up stops holding the phone, so a new one can be made. */
  async retireLapsed(userPhoneId: number, now: number): Promise<void> {
    await this.db
      .updateTable('phone_grant')
      .set({ live_phone_id: null, end_reason: 'expired' })
      .where('live_phone_id', '=', userPhoneId)
      .where('expire_time', '<=', now)
      .execute();
  }

  /**
   * Queues this unit of work behind any other granting to the same account: the write holds the
   * account's row until it commits, so what `heldBy` reads next has nothing in flight.
   */
  async holdGrantee(granteeId: number): Promise<void> {
    await this.db
      .insertInto('grantee_hold')
      .values({ grantee_id: granteeId, grants: 1 })
      .onConflict((oc) => oc.column('grantee_id').doUpdateSet((eb) => ({ grants: eb('grantee_hold.grants', '+', 1) })))
      .execute();
  }

  async findById(id: number): Promise<PhoneGrant | undefined> {
    const row = await this.db.selectFrom('phone_grant').select(columns).where('id', '=', id).executeTakeFirst();
    return row && toGrant(row);
  }

  /** The live grant whose code this is, waiting to be redeemed. */
  async findWaitingByCode(grantCode: string, now: number): Promise<PhoneGrant | undefined> {
    const row = await this.db
      .selectFrom('phone_grant')
      .select(columns)
      .where('grant_code', '=', grantCode)
      .where('grantee_id', 'is', null)
      .where('live_phone_id', 'is not', null)
      .where('expire_time', '>', now)
      .executeTakeFirst();
    return row && toGrant(row);
  }

  /** The grants a user holds now. */
  async heldBy(granteeId: number, now: number): Promise<PhoneGrant[]> {
    const rows = await this.db
      .selectFrom('phone_grant')
      .select(columns)
      .where('grantee_id', '=', granteeId)
      .where('live_phone_id', 'is not', null)
      .where('expire_time', '>', now)
      .execute();
    return rows.map(toGrant);
  }

  /** The phones among `userPhoneIds` granted out now (a code waiting to be redeemed included). */
  async grantedOut(userPhoneIds: readonly number[], now: number): Promise<Set<number>> {
    if (userPhoneIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('phone_grant')
      .select('user_phone_id as userPhoneId')
      .where('live_phone_id', 'in', userPhoneIds)
      .where('expire_time', '>', now)
      .execute();
    return new Set(rows.map((r) => r.userPhoneId));
  }

  /** The live grants of these phones, lapsed or not. */
  async liveOfPhones(userPhoneIds: readonly number[]): Promise<PhoneGrant[]> {
    if (userPhoneIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('phone_grant')
      .select(columns)
      .where('live_phone_id', 'in', userPhoneIds)
      .execute();
    return rows.map(toGrant);
  }

  /** The live grants of a phone, lapsed or not. */
  async liveOfPhone(userPhoneId: number): Promise<PhoneGrant[]> {
    const rows = await this.db
      .selectFrom('phone_grant')
      .select(columns)
      .where('live_phone_id', '=', userPhoneId)
      .execute();
    return rows.map(toGrant);
  }

  /** Gives a waiting code grant to the account redeeming it; false when another got there first. */
  async redeem(id: number, granteeId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_grant')
      .set({ grantee_id: granteeId, redeemed_at: now })
      .where('id', '=', id)
      .where('grantee_id', 'is', null)
      .where('live_phone_id', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A new code for a live code grant; whoever had redeemed the old one holds it no more. */
  async replaceCode(id: number, grantCode: string): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_grant')
      .set({ grant_code: grantCode, grantee_id: null, redeemed_at: null })
      .where('id', '=', id)
      .where('grant_code', 'is not', null)
      .where('live_phone_id', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Ends a live grant early; false when it had already ended. */
  async end(id: number, reason: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_grant')
      .set({ live_phone_id: null, revoked_at: at, end_reason: reason })
      .where('id', '=', id)
      .where('live_phone_id', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Ends every live grant of these phones at once (they changed hands: spec §6), for a caller that
   * ends everyone's access to them itself; the grants ended. `PhoneGrantService.endAllOf` also ends
   * the grantees' access.
   */
  async revokeAllOf(userPhoneIds: readonly number[], at: number, reason = 'transfer'): Promise<PhoneGrant[]> {
    if (userPhoneIds.length === 0) return [];
    const rows = await this.db
      .updateTable('phone_grant')
      .set({ live_phone_id: null, revoked_at: at, end_reason: reason })
      .where('live_phone_id', 'in', userPhoneIds)
      .returning(columns)
      .execute();
    return rows.map(toGrant);
  }

  /** A page of the live grants a user made (`out`) or holds (`in`), newest first. */
  async page(
    side: 'out' | 'in',
    userId: number,
    now: number,
    paging: { pageNo: number; pageSize: number },
  ): Promise<{ list: ListedGrant[]; total: number }> {
    const query = this.listing(side, userId, now);
    const { rows, total } = await pageOf(
      query,
      (q) => q.select(listedColumns).orderBy('phone_grant.id', 'desc'),
      paging,
    );
    return { list: rows.map(toListed), total };
  }

  /** One live grant the user made (`out`) or holds (`in`), as a page lists it. */
  async findListed(side: 'out' | 'in', userId: number, id: number, now: number): Promise<ListedGrant | undefined> {
    const row = await this.listing(side, userId, now)
      .select(listedColumns)
      .where('phone_grant.id', '=', id)
      .executeTakeFirst();
    return row && toListed(row);
  }

  private listing(side: 'out' | 'in', userId: number, now: number) {
    const mine = side === 'out' ? 'phone_grant.grantor_id' : 'phone_grant.grantee_id';
    const other = side === 'out' ? 'phone_grant.grantee_id' : 'phone_grant.grantor_id';
    return this.db
      .selectFrom('phone_grant')
      .innerJoin('user_phone', 'user_phone.id', 'phone_grant.user_phone_id')
      .leftJoin('app_user', 'app_user.id', other)
      .where(mine, '=', userId)
      .where('phone_grant.live_phone_id', 'is not', null)
      .where('phone_grant.expire_time', '>', now);
  }
}

const listedColumns = [
  ...columns,
  'user_phone.name as phoneName',
  'user_phone.name_no as phoneNameNo',
  'app_user.mobile as otherMobile',
] as const;
const toListed = ({
  phoneName,
  phoneNameNo,
  otherMobile,
  ...row
}: Row & { phoneName: string; phoneNameNo: number | null; otherMobile: string | null }): ListedGrant => ({
  ...toGrant(row),
  phoneName,
  phoneNameNo,
  otherMobile,
});
