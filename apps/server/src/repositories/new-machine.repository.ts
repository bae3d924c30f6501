import type { NewMachineStatus, PhoneIdentity } from '@cloudphone/contracts/new-machine';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

export interface NewMachineRecord {
  id: number;
  tenantId: number;
  userId: number;
  userPhoneId: number;
  /** The owner's name for the phone then ('' while it went by its number `phoneNameNo`). */
  phoneName: string;
  phoneNameNo: number | null;
  /** The host task, named by the server. */
  taskId: string;
  brand: string | null;
  status: NewMachineStatus;
  reason: string | null;
  before: PhoneIdentity;
  after: PhoneIdentity | null;
  /** When the host was asked; null while a crash kept the request from it. */
  startedAt: number | null;
  createdAt: number;
  finishedAt: number | null;
}

const columns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'user_phone_id as userPhoneId',
  'phone_name as phoneName',
  'phone_name_no as phoneNameNo',
  'task_id as taskId',
  'brand',
  'status',
  'reason',
  'before_identity as before',
  'after_identity as after',
  'started_at as startedAt',
  'created_at as createdAt',
  'finished_at as finishedAt',
] as const;

type Row = Omit<NewMachineRecord, 'status' | 'before' | 'after'> & {
  status: string;
  before: string;
  after: string | null;
};
const toRecord = (row: Row): NewMachineRecord => ({
  ...row,
  status: row.status as NewMachineStatus,
  before: JSON.parse(row.before) as PhoneIdentity,
  after: row.after === null ? null : (JSON.parse(row.after) as PhoneIdentity),
});

/** One-key new machines: each phone's change, from the request to the host's result. */
export class NewMachineRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(
    record: Omit<NewMachineRecord, 'id' | 'status' | 'reason' | 'after' | 'startedAt' | 'finishedAt'>,
  ): Promise<NewMachineRecord> {
    const row = await this.db
      .insertInto('new_machine_record')
      .values({
        tenant_id: record.tenantId,
        user_id: record.userId,
        user_phone_id: record.userPhoneId,
        phone_name: record.phoneName,
        phone_name_no: record.phoneNameNo,
        task_id: record.taskId,
        brand: record.brand,
        status: 'running',
        reason: null,
        before_identity: JSON.stringify(record.before),
        after_identity: null,
        started_at: null,
        created_at: record.createdAt,
        finished_at: null,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async markStarted(id: number, at: number): Promise<void> {
    await this.db
      .updateTable('new_machine_record')
      .set({ started_at: at })
      .where('id', '=', id)
      .where('started_at', 'is', null)
      .execute();
  }

  /** Ends a running record (successful with the new identity, or failed with why); false if it had ended. */
  async finish(
    id: number,
    outcome: { status: 'successful'; after: PhoneIdentity } | { status: 'failed'; reason: string },
    at: number,
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('new_machine_record')
      .set({
        status: outcome.status,
        finished_at: at,
        ...(outcome.status === 'successful'
          ? { after_identity: JSON.stringify(outcome.after) }
          : { reason: outcome.reason }),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Records still running, oldest first (the job's worklist). */
  async running(limit = 200): Promise<NewMachineRecord[]> {
    const rows = await this.db
      .selectFrom('new_machine_record')
      .select(columns)
      .where('status', '=', 'running')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  async findByTask(taskId: string): Promise<NewMachineRecord | undefined> {
    const row = await this.db
      .selectFrom('new_machine_record')
      .select(columns)
      .where('task_id', '=', taskId)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async findByIds(ids: readonly number[]): Promise<NewMachineRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('new_machine_record').select(columns).where('id', 'in', ids).execute();
    return rows.map(toRecord);
  }

  /** A page of the user's records, newest first. */
  async page(
    tenantId: number,
    userId: number,
    pageNo: number,
    pageSize: number,
  ): Promise<{ list: NewMachineRecord[]; total: number }> {
    const query = this.db
      .selectFrom('new_machine_record')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId);
    const { rows, total } = await pageOf(query, (q) => q.select(columns).orderBy('id', 'desc'), { pageNo, pageSize });
    return { list: rows.map(toRecord), total };
  }
}
