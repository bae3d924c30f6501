import type { CloneFailureReason, CloneTargetState } from '@cloudphone/contracts/templates';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

export interface CloneRow {
  id: number;
  tenantId: number;
  userId: number;
  templateId: number;
  newMachine: boolean;
  createdAt: number;
  expireAt: number;
}

/** One phone of a clone: the host task that puts the template on it, and how far it came. */
export interface CloneTargetRow {
  id: number;
  cloneId: number;
  userPhoneId: number;
  deviceHostId: number;
  instanceNo: string;
  taskId: string;
  state: CloneTargetState;
  progress: number;
  reason: CloneFailureReason | null;
  finishedAt: number | null;
}

const cloneColumns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'template_id as templateId',
  'new_machine as newMachine',
  'created_at as createdAt',
  'expire_at as expireAt',
] as const;
const targetColumns = [
  'id',
  'clone_id as cloneId',
  'user_phone_id as userPhoneId',
  'device_host_id as deviceHostId',
  'instance_no as instanceNo',
  'task_id as taskId',
  'state',
  'progress',
  'reason',
  'finished_at as finishedAt',
] as const;

type StoredClone = Omit<CloneRow, 'newMachine'> & { newMachine: number };
type StoredTarget = Omit<CloneTargetRow, 'state' | 'reason'> & { state: string; reason: string | null };
const toClone = (row: StoredClone): CloneRow => ({ ...row, newMachine: row.newMachine === 1 });
const toTarget = (row: StoredTarget): CloneTargetRow => ({
  ...row,
  state: row.state as CloneTargetState,
  reason: row.reason as CloneFailureReason | null,
});

const IN_FLIGHT: readonly CloneTargetState[] = ['waiting', 'cloning'];

/** Clones (issue 15): which template went onto which phones, and each phone's progress and result. */
export class CloneRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(
    clone: Omit<CloneRow, 'id'>,
    targets: readonly Pick<CloneTargetRow, 'userPhoneId' | 'deviceHostId' | 'instanceNo' | 'taskId'>[],
  ): Promise<CloneRow> {
    const row = await this.db
      .insertInto('phone_clone')
      .values({
        tenant_id: clone.tenantId,
        user_id: clone.userId,
        template_id: clone.templateId,
        new_machine: clone.newMachine ? 1 : 0,
        created_at: clone.createdAt,
        expire_at: clone.expireAt,
      })
      .returning(cloneColumns)
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('phone_clone_target')
      .values(
        targets.map((t) => ({
          clone_id: row.id,
          user_phone_id: t.userPhoneId,
          device_host_id: t.deviceHostId,
          instance_no: t.instanceNo,
          task_id: t.taskId,
          state: 'waiting',
        })),
      )
      .execute();
    return toClone(row);
  }

  async findByIds(ids: readonly number[]): Promise<CloneRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('phone_clone').select(cloneColumns).where('id', 'in', ids).execute();
    return rows.map(toClone);
  }

  /** A page of the user's clones still on record at `now`, newest first. */
  async page(
    userId: number,
    now: number,
    pageNo: number,
    pageSize: number,
  ): Promise<{ list: CloneRow[]; total: number }> {
    const query = this.db.selectFrom('phone_clone').where('user_id', '=', userId).where('expire_at', '>', now);
    const { rows, total } = await pageOf(query, (q) => q.select(cloneColumns).orderBy('id', 'desc'), {
      pageNo,
      pageSize,
    });
    return { list: rows.map(toClone), total };
  }

  async targetsOf(cloneIds: readonly number[]): Promise<CloneTargetRow[]> {
    if (cloneIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('phone_clone_target')
      .select(targetColumns)
      .where('clone_id', 'in', cloneIds)
      .orderBy('id')
      .execute();
    return rows.map(toTarget);
  }

  /** The phone of a clone whose host task is `taskId`. */
  async targetByTaskId(taskId: string): Promise<CloneTargetRow | undefined> {
    const row = await this.db
      .selectFrom('phone_clone_target')
      .select(targetColumns)
      .where('task_id', '=', taskId)
      .executeTakeFirst();
    return row && toTarget(row);
  }

  /** Phones still waiting for or under their clone, of every clone. */
  async inFlight(): Promise<CloneTargetRow[]> {
    const rows = await this.db
      .selectFrom('phone_clone_target')
      .select(targetColumns)
      .where('state', 'in', IN_FLIGHT)
      .orderBy('id')
      .execute();
    return rows.map(toTarget);
  }

  /** Whether a clone of the template is still putting it on a phone. */
  async templateInFlight(templateId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('phone_clone_target')
      .innerJoin('phone_clone', 'phone_clone.id', 'phone_clone_target.clone_id')
      .select('phone_clone_target.id')
      .where('phone_clone.template_id', '=', templateId)
      .where('phone_clone_target.state', 'in', IN_FLIGHT)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Moves a phone of a clone on, unless it already ended (a late report changes nothing). */
  async updateTarget(
    id: number,
    change: { state: CloneTargetState; progress: number; reason?: CloneFailureReason; finishedAt?: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_clone_target')
      .set({
        state: change.state,
        progress: change.progress,
        reason: change.reason ?? null,
        finished_at: change.finishedAt ?? null,
      })
      .where('id', '=', id)
      .where('state', 'in', IN_FLIGHT)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
