import { sql } from 'kysely';
import type { FileKind, PushFailureReason, PushState } from '@cloudphone/contracts/files';
import type { AppDatabase } from '../db/database';
import { pageOf, type PageAsked } from '../db/paging';

export interface FilePushRow {
  id: number;
  batchId: string;
  tenantId: number;
  userId: number;
  fileId: number;
  userPhoneId: number;
  install: boolean;
  state: PushState;
  reason: PushFailureReason | null;
  progress: number;
  taskId: string;
  createdAt: number;
  updatedAt: number;
}

/** A pair with what the records show of its file. */
export interface PushRecordRow extends FilePushRow {
  fileName: string;
  kind: FileKind;
}

const columns = [
  'file_push.id as id',
  'file_push.batch_id as batchId',
  'file_push.tenant_id as tenantId',
  'file_push.user_id as userId',
  'file_push.user_file_id as fileId',
  'file_push.user_phone_id as userPhoneId',
  'file_push.install as install',
  'file_push.state as state',
  'file_push.reason as reason',
  'file_push.progress as progress',
  'file_push.task_id as taskId',
  'file_push.created_at as createdAt',
  'file_push.updated_at as updatedAt',
] as const;

type Raw = Omit<FilePushRow, 'install'> & { install: number };
const toRow = <T extends Raw>(row: T) => ({ ...row, install: row.install === 1 });

/** The (file, phone) pairs of every push (issue 14): their states, and the host task each runs as. */
export class FilePushRepository {
  constructor(private readonly db: AppDatabase) {}

  /** The batch the user's push with `key` made, if one did. */
  async batchOfKey(userId: number, key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('push_batch_key')
      .select('batch_id')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row?.batch_id;
  }

  /** Takes `key` for the batch; a unique violation when another push of the user took it first. */
  async takeKey(userId: number, key: string, batchId: string, now: number): Promise<void> {
    await this.db
      .insertInto('push_batch_key')
      .values({ user_id: userId, idempotency_key: key, batch_id: batchId, created_at: now })
      .execute();
  }

  async add(pairs: readonly Omit<FilePushRow, 'id' | 'state' | 'reason' | 'progress' | 'updatedAt'>[]): Promise<void> {
    if (pairs.length === 0) return;
    await this.db
      .insertInto('file_push')
      .values(
        pairs.map((p) => ({
          batch_id: p.batchId,
          tenant_id: p.tenantId,
          user_id: p.userId,
          user_file_id: p.fileId,
          user_phone_id: p.userPhoneId,
          install: p.install ? 1 : 0,
          state: 'waiting_push',
          reason: null,
          progress: 0,
          task_id: p.taskId,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })),
      )
      .execute();
  }

  async findById(id: number): Promise<FilePushRow | undefined> {
    const row = await this.db.selectFrom('file_push').select(columns).where('id', '=', id).executeTakeFirst();
    return row && toRow(row as Raw);
  }

  async findByTask(taskId: string): Promise<FilePushRow | undefined> {
    const row = await this.db.selectFrom('file_push').select(columns).where('task_id', '=', taskId).executeTakeFirst();
    return row && toRow(row as Raw);
  }

  /** A page of a user's pairs, of one batch and/or one phone, newest first. */
  async page(
    userId: number,
    filter: { batchId?: string; userPhoneId?: number },
    page: PageAsked,
  ): Promise<{ rows: PushRecordRow[]; total: number }> {
    let query = this.db
      .selectFrom('file_push')
      .innerJoin('user_file', 'user_file.id', 'file_push.user_file_id')
      .where('file_push.user_id', '=', userId);
    if (filter.batchId !== undefined) query = query.where('file_push.batch_id', '=', filter.batchId);
    if (filter.userPhoneId !== undefined) query = query.where('file_push.user_phone_id', '=', filter.userPhoneId);
    const { rows, total } = await pageOf(
      query,
      (q) =>
        q.select([...columns, 'user_file.name as fileName', 'user_file.kind as kind']).orderBy('file_push.id', 'desc'),
      page,
    );
    return { rows: rows.map((r) => toRow(r as Raw & { fileName: string; kind: FileKind })), total };
  }

  /** Pairs whose work is not over, oldest first. */
  async unfinished(states: readonly PushState[], limit = 200): Promise<FilePushRow[]> {
    const rows = await this.db
      .selectFrom('file_push')
      .select(columns)
      // Written out: the states under way are the index of open pushes (migration 0031), when asked in its order.
      .where(
        'state',
        'in',
        states.map((state) => sql.lit(state)),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => toRow(r as Raw));
  }

  /** A user's pairs of a batch on some phones, in `states`. */
  async ofBatch(
    userId: number,
    batchId: string,
    userPhoneIds: readonly number[],
    states: readonly PushState[],
  ): Promise<FilePushRow[]> {
    const rows = await this.db
      .selectFrom('file_push')
      .select(columns)
      .where('user_id', '=', userId)
      .where('batch_id', '=', batchId)
      .where('user_phone_id', 'in', userPhoneIds)
      .where('state', 'in', states)
      .execute();
    return rows.map((r) => toRow(r as Raw));
  }

  /**
   * Moves a pair from one of `from` to `to` (a conditional write: of two passes that race, one
   * moves it). A retry gives it a new task id, so the host runs the new attempt as a new task.
   */
  async transition(
    id: number,
    from: readonly PushState[],
    to: PushState,
    change: { now: number; progress: number; reason?: PushFailureReason | null; taskId?: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('file_push')
      .set({
        state: to,
        progress: change.progress,
        reason: change.reason ?? null,
        updated_at: change.now,
        ...(change.taskId ? { task_id: change.taskId } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Progress of a pair under way (kept now and then, so a page opened mid-push starts near the truth). */
  async setProgress(id: number, state: PushState, progress: number, now: number): Promise<void> {
    await this.db
      .updateTable('file_push')
      .set({ progress, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', state)
      .execute();
  }
}
