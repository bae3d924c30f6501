import { type RawBuilder, sql } from 'kysely';
import type { HostTaskKind } from '@cloudphone/contracts/host-api';
import type { TaskState } from '@cloudphone/contracts/sdk';
import type { AppDatabase } from '../db/database';

export interface HostTaskRecord {
  taskId: string;
  kind: HostTaskKind;
  userPhoneId: number;
  deviceHostId: number;
  instanceNo: string;
  state: TaskState;
  progress: number;
  stage: string | null;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Where a task is now, as its host tells it. */
export interface TaskProgress {
  state: TaskState;
  progress: number;
  stage?: string | null;
  reason?: string | null;
}

const columns = [
  'task_id as taskId',
  'kind',
  'user_phone_id as userPhoneId',
  'device_host_id as deviceHostId',
  'instance_no as instanceNo',
  'state',
  'progress',
  'stage',
  'reason',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

const ENDED: readonly TaskState[] = ['success', 'failed'];

/** The order a task moves in: its state, then its stage (a push fetches, then installs). */
const STATE_ORDER: readonly (readonly string[])[] = [['pending'], ['running'], ENDED];
const STAGE_ORDER: readonly (readonly string[])[] = [[''], ['fetch'], ['install']];
const rank = (order: readonly (readonly string[])[], value: string) => order.findIndex((v) => v.includes(value));
/** The same rank of a column's value, in SQL. */
const rankOf = (column: RawBuilder<unknown>, order: readonly (readonly string[])[]) =>
  sql<number>`case ${sql.join(
    order.map((values, i) => sql`when ${column} in (${sql.join(values)}) then ${sql.lit(i)}`),
    sql` `,
  )} end`;
const STATE_RANK = rankOf(sql`state`, STATE_ORDER);
const STAGE_RANK = rankOf(sql`coalesce(stage, '')`, STAGE_ORDER);

type Row = { kind: string; state: string } & Omit<HostTaskRecord, 'kind' | 'state'>;
const toRecord = (row: Row): HostTaskRecord => ({
  ...row,
  kind: row.kind as HostTaskKind,
  state: row.state as TaskState,
});

/** The server's record of every host task it started (issue 21). */
export class HostTaskRepository {
  constructor(private readonly db: AppDatabase) {}

  /** Records a task about to be asked of its host; recording it again changes nothing. */
  async add(task: Omit<HostTaskRecord, 'updatedAt' | 'stage' | 'reason'> & { reason?: string | null }): Promise<void> {
    await this.db
      .insertInto('host_task')
      .values({
        task_id: task.taskId,
        kind: task.kind,
        user_phone_id: task.userPhoneId,
        device_host_id: task.deviceHostId,
        instance_no: task.instanceNo,
        state: task.state,
        progress: task.progress,
        stage: null,
        reason: task.reason ?? null,
        created_at: task.createdAt,
        updated_at: task.createdAt,
      })
      .onConflict((oc) => oc.column('task_id').doNothing())
      .execute();
  }

  /**
   * Moves a task on, in one conditional write, only forward — by state, then stage, then progress: an
   * ended task stays as it ended, and what it already says or has gone past changes nothing. So an event
   * delivered twice or late — by each API node that hears the host (DESIGN §8) — is applied once, by one
   * node. The record after the change, or undefined.
   */
  async advance(taskId: string, next: TaskProgress, now: number): Promise<HostTaskRecord | undefined> {
    const stage = next.stage ?? null;
    const row = await this.db
      .updateTable('host_task')
      .set({ state: next.state, progress: next.progress, stage, reason: next.reason ?? null, updated_at: now })
      .where('task_id', '=', taskId)
      .where('state', 'not in', ENDED)
      .where((eb) =>
        eb.or([
          eb(STATE_RANK, '<', rank(STATE_ORDER, next.state)),
          eb.and([
            eb(STATE_RANK, '=', rank(STATE_ORDER, next.state)),
            eb.or([
              eb(STAGE_RANK, '<', rank(STAGE_ORDER, stage ?? '')),
              eb.and([eb(STAGE_RANK, '=', rank(STAGE_ORDER, stage ?? '')), eb('progress', '<', next.progress)]),
            ]),
          ]),
        ]),
      )
      .returning(columns)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * Claims a quiet task for one restart: its record is touched only if no one moved or touched it
   * since `seenAt`, so of two sweeps (or two API nodes) one restarts it.
   */
  async touch(taskId: string, seenAt: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('host_task')
      .set({ updated_at: now })
      .where('task_id', '=', taskId)
      .where('updated_at', '=', seenAt)
      .where('state', 'not in', ENDED)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async find(taskId: string): Promise<HostTaskRecord | undefined> {
    const row = await this.db.selectFrom('host_task').select(columns).where('task_id', '=', taskId).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Tasks not ended whose host has said nothing since `quietSince` (of one host, when named). */
  async quiet(quietSince: number, deviceHostId?: number, limit = 200): Promise<HostTaskRecord[]> {
    let query = this.db
      .selectFrom('host_task')
      .select(columns)
      // Written out: the tasks not ended are an index of their own (migration 0031).
      .where(
        'state',
        'not in',
        ENDED.map((state) => sql.lit(state)),
      )
      .where('updated_at', '<=', quietSince);
    if (deviceHostId !== undefined) query = query.where('device_host_id', '=', deviceHostId);
    return (await query.orderBy('updated_at').limit(limit).execute()).map(toRecord);
  }
}
