import type { TemplateState } from '@cloudphone/contracts/templates';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

export interface TemplateRow {
  id: number;
  tenantId: number;
  userId: number;
  name: string;
  /** The phone it was made from, and where its snapshot is kept. */
  userPhoneId: number;
  deviceHostId: number;
  instanceNo: string;
  snapshotId: string;
  taskId: string;
  android: string;
  state: TemplateState;
  progress: number;
  size: number;
  createdAt: number;
  expireAt: number;
  purgedAt: number | null;
  /** The snapshot in the blob store (issue 21), once a clone needed it on another host. */
  snapshotBlob: { sha256: string; size: number } | null;
}

const columns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'name',
  'user_phone_id as userPhoneId',
  'device_host_id as deviceHostId',
  'instance_no as instanceNo',
  'snapshot_id as snapshotId',
  'task_id as taskId',
  'android',
  'state',
  'progress',
  'size',
  'created_at as createdAt',
  'expire_at as expireAt',
  'purged_at as purgedAt',
  'snapshot_sha256',
  'snapshot_size',
] as const;
type Row = Omit<TemplateRow, 'state' | 'snapshotBlob'> & {
  state: string;
  snapshot_sha256: string | null;
  snapshot_size: number | null;
};
const toTemplate = ({ snapshot_sha256: sha256, snapshot_size: size, ...row }: Row): TemplateRow => ({
  ...row,
  state: row.state as TemplateState,
  snapshotBlob: sha256 === null || size === null ? null : { sha256, size: Number(size) },
});

/** Clone templates (issue 15): what the user made, and where each one's snapshot is on its host. */
export class TemplateRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(
    template: Omit<TemplateRow, 'id' | 'progress' | 'size' | 'purgedAt' | 'snapshotBlob'>,
  ): Promise<TemplateRow> {
    const row = await this.db
      .insertInto('phone_template')
      .values({
        tenant_id: template.tenantId,
        user_id: template.userId,
        name: template.name,
        user_phone_id: template.userPhoneId,
        device_host_id: template.deviceHostId,
        instance_no: template.instanceNo,
        snapshot_id: template.snapshotId,
        task_id: template.taskId,
        android: template.android,
        state: template.state,
        created_at: template.createdAt,
        expire_at: template.expireAt,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  }

  /** Where the template's snapshot is kept in the blob store. */
  async setSnapshotBlob(id: number, blob: { sha256: string; size: number }): Promise<void> {
    await this.db
      .updateTable('phone_template')
      .set({ snapshot_sha256: blob.sha256, snapshot_size: blob.size })
      .where('id', '=', id)
      .execute();
  }

  async findById(id: number): Promise<TemplateRow | undefined> {
    const row = await this.db.selectFrom('phone_template').select(columns).where('id', '=', id).executeTakeFirst();
    return row && toTemplate(row);
  }

  /** The template whose snapshot the host task `taskId` takes. */
  async findByTaskId(taskId: string): Promise<TemplateRow | undefined> {
    const row = await this.db
      .selectFrom('phone_template')
      .select(columns)
      .where('task_id', '=', taskId)
      .executeTakeFirst();
    return row && toTemplate(row);
  }

  async findByIds(ids: readonly number[]): Promise<TemplateRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('phone_template').select(columns).where('id', 'in', ids).execute();
    return rows.map(toTemplate);
  }

  /** A page of the user's templates that were not removed, newest first. */
  async page(userId: number, pageNo: number, pageSize: number): Promise<{ list: TemplateRow[]; total: number }> {
    const query = this.db.selectFrom('phone_template').where('user_id', '=', userId).where('state', '!=', 'removed');
    const { rows, total } = await pageOf(query, (q) => q.select(columns).orderBy('id', 'desc'), { pageNo, pageSize });
    return { list: rows.map(toTemplate), total };
  }

  inState(states: readonly TemplateState[]): Promise<TemplateRow[]> {
    return this.db
      .selectFrom('phone_template')
      .select(columns)
      .where('state', 'in', states)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map(toTemplate));
  }

  /** Templates whose snapshot is still on its host though they are gone (deleted, expired, failed). */
  unpurged(): Promise<TemplateRow[]> {
    return this.db
      .selectFrom('phone_template')
      .select(columns)
      .where('state', 'in', ['deleting', 'expired', 'create_fail'])
      .where('purged_at', 'is', null)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map(toTemplate));
  }

  /** Templates still live whose days ran out by `now`. */
  endedBy(now: number): Promise<TemplateRow[]> {
    return this.db
      .selectFrom('phone_template')
      .select(columns)
      .where('state', 'in', ['creating', 'ready'])
      .where('expire_at', '<=', now)
      .execute()
      .then((rows) => rows.map(toTemplate));
  }

  /**
   * Moves a template from one of `from` to `to` (with its progress and size), in one conditional
   * write: of racing changes (a delete and the expiry job) one wins. False when it was not in `from`.
   */
  async transition(
    id: number,
    from: readonly TemplateState[],
    to: TemplateState,
    change: { progress?: number; size?: number } = {},
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_template')
      .set({ state: to, ...change })
      .where('id', '=', id)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setProgress(id: number, progress: number): Promise<void> {
    await this.db.updateTable('phone_template').set({ progress }).where('id', '=', id).execute();
  }

  /**
   * Marks a ready, unexpired template as used by a clone, taking its row in the unit of work: a
   * delete racing the clone waits for it (and then sees the clone), or wins and the clone is refused.
   */
  async claimForClone(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_template')
      .set((eb) => ({ progress: eb.ref('progress') }))
      .where('id', '=', id)
      .where('state', '=', 'ready')
      .where('expire_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markPurged(id: number, at: number): Promise<void> {
    await this.db.updateTable('phone_template').set({ purged_at: at }).where('id', '=', id).execute();
  }
}
