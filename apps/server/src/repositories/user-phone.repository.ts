import { sql } from 'kysely';
import type { PhoneListQuery } from '@cloudphone/contracts/phones';
import type { AppDatabase } from '../db/database';
import { phoneListPage, type WholeList } from './phone-list.page';
import { searchPhonesOfTenant, type PhoneSearch } from './phone-search';
import { toUserPhone, userPhoneColumns, type ListedPhone, type UserPhone } from './user-phone.row';

export type { ListedPhone, UserPhone } from './user-phone.row';
export type { PageStarts, WholeList } from './phone-list.page';

/** The cloud phones users rent: each one an instance on a device host. */
export class UserPhoneRepository {
  constructor(private readonly db: AppDatabase) {}

  /** A tenant's phones by host, rental and customer, newest first (the console's list, `phone-search.ts`). */
  searchOfTenant(tenantId: number, filter: PhoneSearch, now: number) {
    return searchPhonesOfTenant(this.db, tenantId, filter, now);
  }

  async findById(id: number): Promise<UserPhone | undefined> {
    const row = await this.db.selectFrom('user_phone').select(userPhoneColumns).where('id', '=', id).executeTakeFirst();
    return row && toUserPhone(row);
  }

  /** The phone an instance of a host is (an instance number is unique across hosts). */
  async findByInstance(instanceNo: string): Promise<UserPhone | undefined> {
    const row = await this.db
      .selectFrom('user_phone')
      .select(userPhoneColumns)
      .where('instance_no', '=', instanceNo)
      .executeTakeFirst();
    return row && toUserPhone(row);
  }

  async listOfUser(tenantId: number, userId: number): Promise<UserPhone[]> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select(userPhoneColumns)
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(toUserPhone);
  }

  /** A page of the user's phones and those granted to them (`phone-list.page.ts`). */
  page(
    tenantId: number,
    userId: number,
    filter: PhoneListQuery,
    grantedIds: readonly number[] = [],
    numberedPrefix = '',
    whole: WholeList = {},
  ): Promise<{ list: ListedPhone[]; total: number }> {
    return phoneListPage(this.db, { tenantId, userId, filter, grantedIds, numberedPrefix, whole });
  }

  /** Phones whose expiry falls in [from, to): the expiry notices' worklist (issue 24). */
  async expiringBetween(from: number, to: number): Promise<UserPhone[]> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select(userPhoneColumns)
      .where('expire_time', '>=', from)
      .where('expire_time', '<', to)
      .orderBy('id')
      .execute();
    return rows.map(toUserPhone);
  }

  /** Renames the phone if it is `owner`'s: whether it was. */
  async rename(id: number, owner: { tenantId: number; userId: number }, name: string): Promise<boolean> {
    const { numUpdatedRows } = await this.db
      .updateTable('user_phone')
      .set({ name, name_no: null })
      .where('id', '=', id)
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  /** Moves the user's phones among `ids` to a group (null: the default group). */
  async setGroup(tenantId: number, userId: number, ids: readonly number[], groupId: number | null): Promise<void> {
    await this.db
      .updateTable('user_phone')
      .set({ group_id: groupId })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }

  /**
   * A renewal: `ms` more from the expiry, or from now for an expired phone, in one statement so two
   * renewals at once both count. A renewed trial phone is a trial no more (spec §4).
   */
  async extend(id: number, now: number, ms: number): Promise<void> {
    await this.db
      .updateTable('user_phone')
      .set({
        expire_time: sql<number>`(case when expire_time > ${now} then expire_time else ${now} end) + ${ms}`,
        trial: 0,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Takes `ms` back from the expiry (a refunded renewal), never to before now. */
  async shorten(id: number, now: number, ms: number): Promise<void> {
    await this.db
      .updateTable('user_phone')
      .set({
        expire_time: sql<number>`case when expire_time - ${ms} > ${now} then expire_time - ${ms} else ${now} end`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Ends a phone now (a refunded purchase). */
  async endNow(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('user_phone')
      .set({ expire_time: now })
      .where('id', '=', id)
      .where('expire_time', '>', now)
      .execute();
  }

  /** Phones made for an allocation that failed part-way. */
  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('user_phone').where('id', 'in', ids).execute();
  }

  /**
   * Hands a phone to another user of its tenant (a transfer), in their default group under the
   * number `nameNo`, only if `fromUserId` still owns it: of two racing transfers one moves it.
   */
  async changeOwner(id: number, fromUserId: number, toUserId: number, nameNo: number): Promise<boolean> {
    const moved = await this.db
      .updateTable('user_phone')
      .set({ user_id: toUserId, group_id: null, name: '', name_no: nameNo })
      .where('id', '=', id)
      .where('user_id', '=', fromUserId)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  /**
   * The `count` lowest numbers none of the user's phones goes by (issue 22: a phone arriving takes
   * the lowest free one, so two never share one; a unique index keeps it so). Call it in the unit of
   * work that gives the numbers, after `holdNumbering`.
   */
  async freeNameNos(userId: number, count: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select('name_no')
      .where('user_id', '=', userId)
      .where('name_no', 'is not', null)
      .execute();
    const used = new Set(rows.map((r) => r.name_no));
    const free: number[] = [];
    for (let n = 1; free.length < count; n++) if (!used.has(n)) free.push(n);
    return free;
  }

  /**
   * Queues the user's other numberings behind this unit of work (a row lock on PostgreSQL; SQLite
   * writes one at a time), so two racing purchases never pick the same free number.
   */
  async holdNumbering(userId: number): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ id: sql`id` })
      .where('id', '=', userId)
      .execute();
  }

  async setGrade(id: number, gradeId: number): Promise<void> {
    await this.db.updateTable('user_phone').set({ grade_id: gradeId }).where('id', '=', id).execute();
  }

  async findByIds(ids: readonly number[]): Promise<UserPhone[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('user_phone')
      .select(userPhoneColumns)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map(toUserPhone);
  }

  /** A new phone, not made on its host yet (`provisionedAt` null): see `markProvisioned`. */
  async create(phone: Omit<UserPhone, 'id' | 'provisionedAt'>): Promise<UserPhone> {
    const row = await this.db
      .insertInto('user_phone')
      .values({
        tenant_id: phone.tenantId,
        user_id: phone.userId,
        device_host_id: phone.deviceHostId,
        instance_no: phone.instanceNo,
        name: phone.name,
        name_no: phone.nameNo,
        group_id: phone.groupId,
        expire_time: phone.expireTime,
        trial: phone.trial ? 1 : 0,
        created_at: phone.createdAt,
        grade_id: phone.gradeId,
        provisioned_at: null,
        adb_port: null,
        adb_client_id: null,
      })
      .returning(userPhoneColumns)
      .executeTakeFirstOrThrow();
    return toUserPhone(row);
  }

  /** Phones (of `ids`, or any) whose host has not made them yet and whose time has not run out. */
  async unprovisioned(now: number, ids?: readonly number[]): Promise<UserPhone[]> {
    if (ids?.length === 0) return [];
    let query = this.db
      .selectFrom('user_phone')
      .select(userPhoneColumns)
      .where('provisioned_at', 'is', null)
      .where('released_at', 'is', null)
      .where('expire_time', '>', now);
    if (ids) query = query.where('id', 'in', ids);
    const rows = await query.orderBy('id').limit(500).execute();
    return rows.map(toUserPhone);
  }

  /** Gives the phones back (a refund, issue 60): they no longer count on their hosts. */
  async release(ids: readonly number[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('user_phone')
      .set({ released_at: at })
      .where('id', 'in', ids)
      .where('released_at', 'is', null)
      .execute();
  }

  /** Phones given back whose hosts have not freed what ran them yet. */
  async releasedOnlyHere(): Promise<UserPhone[]> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select(userPhoneColumns)
      .where('released_at', 'is not', null)
      .where('host_released_at', 'is', null)
      .orderBy('id')
      .limit(500)
      .execute();
    return rows.map(toUserPhone);
  }

  async markHostReleased(id: number, at: number): Promise<void> {
    await this.db.updateTable('user_phone').set({ host_released_at: at }).where('id', '=', id).execute();
  }

  async markProvisioned(id: number, at: number): Promise<void> {
    await this.db
      .updateTable('user_phone')
      .set({ provisioned_at: at })
      .where('id', '=', id)
      .where('provisioned_at', 'is', null)
      .execute();
  }

  /**
   * Moves a phone to the new instance a replacement made (spec §4): its id, name, group and expiry
   * stay. Only from `fromInstanceNo`, so a replacement finished twice moves it once.
   */
  async moveToInstance(id: number, fromInstanceNo: string, to: { hostId: number; instanceNo: string }, at: number) {
    const result = await this.db
      .updateTable('user_phone')
      .set({ device_host_id: to.hostId, instance_no: to.instanceNo, provisioned_at: at })
      .where('id', '=', id)
      .where('instance_no', '=', fromInstanceNo)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
