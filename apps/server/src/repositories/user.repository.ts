import type { Selectable } from 'kysely';
import { languageOrNull, type Language } from '@cloudphone/contracts/locale';
import type { AppDatabase } from '../db/database';
import type { UserTable } from '../db/schema';
import { searchCustomersOfTenant, type CustomerSearch } from './customer-search';

/** Signing in; stopped by an operator (issue 63); cancelled by its owner. */
export type UserStatus = 'active' | 'disabled' | 'unregistered';

export interface User {
  id: number;
  tenantId: number;
  userNo: string;
  mobile: string;
  nickname: string;
  avatar: string;
  passwordHash: string | null;
  status: UserStatus;
  registerTime: number;
  mobileChangedAt: number | null;
  /** The language the account keeps; null until the user picks one. */
  language: Language | null;
  /** The language its app showed at its first login (issue 22). */
  firstLanguage: Language | null;
  /** Whether the account has been through the first-login guide (issue 55). */
  homeGuideSeen: boolean;
  /** The data saver it chose, kbps (issue 58): null follows the tenant's default, 0 is none. */
  dataSaverKbps: number | null;
}

/** The language an account's phones start in: its chosen one, else the one it first logged in with. */
export const phoneLanguageOf = (user: Pick<User, 'language' | 'firstLanguage'>): Language | null =>
  user.language ?? user.firstLanguage;

function toUser(row: Selectable<UserTable>): User {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userNo: row.user_no,
    mobile: row.mobile,
    nickname: row.nickname,
    avatar: row.avatar,
    passwordHash: row.password_hash,
    status: row.status as UserStatus,
    registerTime: row.register_time,
    mobileChangedAt: row.mobile_changed_at,
    language: languageOrNull(row.language),
    firstLanguage: languageOrNull(row.first_language),
    homeGuideSeen: row.home_guide_seen === 1,
    dataSaverKbps: row.data_saver_kbps,
  };
}

export class UserRepository {
  constructor(private readonly db: AppDatabase) {}

  async findById(id: number): Promise<User | undefined> {
    const row = await this.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  async findByMobile(tenantId: number, mobile: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('app_user')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    return row && toUser(row);
  }

  /** The ids of the tenant's active users (a broadcast's readers). */
  async activeIdsOf(tenantId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('app_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'active')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The tenant's user with this mobile or userNo (UID): how another account is named (spec §3). */
  async findByAccount(tenantId: number, account: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('app_user')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('mobile', '=', account), eb('user_no', '=', account)]))
      .executeTakeFirst();
    return row && toUser(row);
  }

  async userNoTaken(userNo: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirst());
  }

  /** Creates a user; undefined when the mobile is already bound in the tenant (a concurrent registration won). */
  async create(
    user: Omit<
      User,
      'id' | 'status' | 'mobileChangedAt' | 'language' | 'firstLanguage' | 'homeGuideSeen' | 'dataSaverKbps'
    >,
  ): Promise<User | undefined> {
    const row = await this.db
      .insertInto('app_user')
      .values({
        tenant_id: user.tenantId,
        user_no: user.userNo,
        mobile: user.mobile,
        nickname: user.nickname,
        avatar: user.avatar,
        password_hash: user.passwordHash,
        status: 'active',
        register_time: user.registerTime,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'mobile']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && toUser(row);
  }

  /** Keeps the language of the account's first login, once. */
  async setFirstLanguage(id: number, language: Language): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ first_language: language })
      .where('id', '=', id)
      .where('first_language', 'is', null)
      .execute();
  }

  async update(
    id: number,
    changes: Partial<
      Pick<User, 'nickname' | 'avatar' | 'passwordHash' | 'status' | 'language' | 'homeGuideSeen' | 'dataSaverKbps'>
    >,
  ): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({
        nickname: changes.nickname,
        avatar: changes.avatar,
        password_hash: changes.passwordHash,
        status: changes.status,
        language: changes.language,
        home_guide_seen: changes.homeGuideSeen === undefined ? undefined : changes.homeGuideSeen ? 1 : 0,
        data_saver_kbps: changes.dataSaverKbps,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves the account to a new number, unless it changed since `lastChange` (a concurrent change won)
   * or the number is bound meanwhile (the unique key refuses it). Tells whether it moved.
   */
  async changeMobile(id: number, mobile: string, lastChange: number | null, now: number): Promise<boolean> {
    try {
      const result = await this.db
        .updateTable('app_user')
        .set({ mobile, mobile_changed_at: now })
        .where('id', '=', id)
        .where((eb) =>
          lastChange === null ? eb('mobile_changed_at', 'is', null) : eb('mobile_changed_at', '=', lastChange),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    } catch {
      return false;
    }
  }

  /** An unregistered account gives its number up, so the number can register afresh. */
  async unregister(id: number): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set((eb) => ({
        status: 'unregistered',
        // The cast: PostgreSQL cannot infer the type of a bare parameter passed to concat().
        mobile: eb.fn('concat', [eb.ref('mobile'), eb.cast(eb.val(`#unregistered#${id}`), 'text')]),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** A tenant's customers by mobile or UID, newest first (the console's list, `customer-search.ts`). */
  searchOfTenant(tenantId: number, filter: CustomerSearch) {
    return searchCustomersOfTenant(this.db, tenantId, filter);
  }

  /** Stops an active account or lets a stopped one in again; false when it was not in the state to move from. */
  async setDisabled(id: number, disabled: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('app_user')
      .set({ status: disabled ? 'disabled' : 'active' })
      .where('id', '=', id)
      .where('status', '=', disabled ? 'active' : 'disabled')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
