import type { ReplaceType } from '@cloudphone/contracts/replacement';
import type { AppDatabase } from '../db/database';

export type ReplacementStatus = 'pending' | 'done' | 'failed';

/** One phone's replacement: planned in the unit of work, then carried out on its host. */
export interface PhoneReplacement {
  id: number;
  tenantId: number;
  userPhoneId: number;
  userId: number;
  replaceType: ReplaceType;
  fromHostId: number;
  fromInstanceNo: string;
  toHostId: number;
  toInstanceNo: string;
  status: ReplacementStatus;
  createdAt: number;
}

const columns = [
  'id',
  'tenant_id as tenantId',
  'user_phone_id as userPhoneId',
  'user_id as userId',
  'replace_type as replaceType',
  'from_host_id as fromHostId',
  'from_instance_no as fromInstanceNo',
  'to_host_id as toHostId',
  'to_instance_no as toInstanceNo',
  'status',
  'created_at as createdAt',
] as const;
type Row = Omit<PhoneReplacement, 'replaceType' | 'status'> & { replaceType: number; status: string };
const toReplacement = (row: Row): PhoneReplacement => ({
  ...row,
  replaceType: row.replaceType as ReplaceType,
  status: row.status as ReplacementStatus,
});

/** Replacements of phones by new instances (spec §4), pending until done or failed. */
export class PhoneReplacementRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(replacement: Omit<PhoneReplacement, 'id' | 'status'>): Promise<PhoneReplacement> {
    const row = await this.db
      .insertInto('phone_replacement')
      .values({
        tenant_id: replacement.tenantId,
        user_phone_id: replacement.userPhoneId,
        user_id: replacement.userId,
        replace_type: replacement.replaceType,
        from_host_id: replacement.fromHostId,
        from_instance_no: replacement.fromInstanceNo,
        to_host_id: replacement.toHostId,
        to_instance_no: replacement.toInstanceNo,
        status: 'pending',
        created_at: replacement.createdAt,
        finished_at: null,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toReplacement(row);
  }

  /** Pending replacements (of `ids`, or any), oldest first. */
  async pending(ids?: readonly number[]): Promise<PhoneReplacement[]> {
    if (ids?.length === 0) return [];
    let query = this.db.selectFrom('phone_replacement').select(columns).where('status', '=', 'pending');
    if (ids) query = query.where('id', 'in', ids);
    return (await query.orderBy('id').limit(200).execute()).map(toReplacement);
  }

  async findByIds(ids: readonly number[]): Promise<PhoneReplacement[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('phone_replacement').select(columns).where('id', 'in', ids).execute();
    return rows.map(toReplacement);
  }

  /** Ends a pending replacement as done or failed; false when it had ended already (another finisher won). */
  async settle(id: number, status: 'done' | 'failed', at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_replacement')
      .set({ status, finished_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
