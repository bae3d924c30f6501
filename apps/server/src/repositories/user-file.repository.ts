import { sql } from 'kysely';
import type { FileKind } from '@cloudphone/contracts/files';
import type { AppDatabase } from '../db/database';
import { pageOf, type PageAsked } from '../db/paging';
import { appKey, userFileColumns, type AppFacts, type UserFileRow } from './user-file.row';

export type { AppFacts, UserFileRow } from './user-file.row';

/** The users' libraries of uploaded files (issue 14), and the bytes each user's files take. */
export class UserFileRepository {
  constructor(private readonly db: AppDatabase) {}

  async startUpload(
    row: Pick<
      UserFileRow,
      'tenantId' | 'userId' | 'uploadId' | 'batchId' | 'kind' | 'name' | 'size' | 'expectedSha256' | 'createdAt'
    >,
  ): Promise<number> {
    const inserted = await this.db
      .insertInto('user_file')
      .values({
        tenant_id: row.tenantId,
        user_id: row.userId,
        upload_id: row.uploadId,
        batch_id: row.batchId,
        kind: row.kind,
        name: row.name,
        size: row.size,
        expected_sha256: row.expectedSha256,
        state: 'uploading',
        created_at: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /**
   * An app that joins the library whole, from the tenant's library (a game, issue 29): ready at once.
   * The unique key on (user, package@version) makes the second of two at once a no-op: undefined.
   */
  async addReadyApp(row: {
    tenantId: number;
    userId: number;
    uploadId: string;
    name: string;
    size: number;
    sha256: string;
    app: AppFacts;
    now: number;
  }): Promise<number | undefined> {
    const inserted = await this.db
      .insertInto('user_file')
      .values({
        tenant_id: row.tenantId,
        user_id: row.userId,
        upload_id: row.uploadId,
        batch_id: row.uploadId,
        kind: 'app',
        name: row.name,
        size: row.size,
        expected_sha256: row.sha256,
        sha256: row.sha256,
        state: 'ready',
        package_name: row.app.packageName,
        label: row.app.label,
        version_name: row.app.versionName,
        version_code: row.app.versionCode,
        icon: row.app.icon,
        app_key: appKey(row.app.packageName, row.app.versionCode),
        created_at: row.now,
        finished_at: row.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'app_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  async findByUploadId(uploadId: string): Promise<UserFileRow | undefined> {
    return this.db
      .selectFrom('user_file')
      .select(userFileColumns)
      .where('upload_id', '=', uploadId)
      .executeTakeFirst() as Promise<UserFileRow | undefined>;
  }

  async findById(id: number): Promise<UserFileRow | undefined> {
    return this.db.selectFrom('user_file').select(userFileColumns).where('id', '=', id).executeTakeFirst() as Promise<
      UserFileRow | undefined
    >;
  }

  /** A ready app of the user with this package and version, if any (spec §5: "Application already exists"). */
  async findApp(userId: number, packageName: string, versionCode: number): Promise<UserFileRow | undefined> {
    return this.db
      .selectFrom('user_file')
      .select(userFileColumns)
      .where('user_id', '=', userId)
      .where('app_key', '=', appKey(packageName, versionCode))
      .executeTakeFirst() as Promise<UserFileRow | undefined>;
  }

  /**
   * An upload checked out: ready under its hash, an app with what its package says. The unique key
   * on (user, package@version) refuses the second of two uploads of the same app finishing at once.
   */
  async markReady(id: number, sha256: string, app: AppFacts | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_file')
      .set({
        state: 'ready',
        sha256,
        finished_at: now,
        package_name: app?.packageName ?? null,
        label: app?.label ?? null,
        version_name: app?.versionName ?? null,
        version_code: app?.versionCode ?? null,
        icon: app?.icon ?? null,
        app_key: app ? appKey(app.packageName, app.versionCode) : null,
      })
      .where('id', '=', id)
      .where('state', '=', 'uploading')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async markFailed(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_file')
      .set({ state: 'failed', finished_at: now })
      .where('id', '=', id)
      .where('state', '=', 'uploading')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A page of the user's ready files, newest first. */
  async page(
    userId: number,
    kind: FileKind | undefined,
    page: PageAsked,
  ): Promise<{ rows: UserFileRow[]; total: number }> {
    let query = this.db
      .selectFrom('user_file')
      .where('user_id', '=', userId)
      .where('state', '=', 'ready')
      .where('deleted_at', 'is', null);
    if (kind) query = query.where('kind', '=', kind);
    const { rows, total } = await pageOf(query, (q) => q.select(userFileColumns).orderBy('id', 'desc'), page);
    return { rows: rows as UserFileRow[], total };
  }

  /** The user's ready, undeleted files of `ids`. */
  async readyOf(userId: number, ids: readonly number[]): Promise<UserFileRow[]> {
    if (ids.length === 0) return [];
    return (await this.db
      .selectFrom('user_file')
      .select(userFileColumns)
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('state', '=', 'ready')
      .where('deleted_at', 'is', null)
      .execute()) as UserFileRow[];
  }

  /** Counts `pairs` more pairs under way of a ready file; false when it is gone (deleted meanwhile). */
  async holdForPush(id: number, pairs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_file')
      .set({ active_pushes: sql`active_pushes + ${pairs}` })
      .where('id', '=', id)
      .where('state', '=', 'ready')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A pair of the file came to rest. */
  async releasePush(id: number): Promise<void> {
    await this.db
      .updateTable('user_file')
      .set({ active_pushes: sql`active_pushes - 1` })
      .where('id', '=', id)
      .where('active_pushes', '>', 0)
      .execute();
  }

  /** Deletes a file of the user unless a pair of it is under way (spec §5); false when refused or gone. */
  async deleteIfIdle(userId: number, id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_file')
      .set({ deleted_at: now, app_key: null })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('state', '=', 'ready')
      .where('deleted_at', 'is', null)
      .where('active_pushes', '=', 0)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Whether any file not deleted (or still being checked), or a game of a tenant's library, is the blob `sha256`. */
  async blobInUse(sha256: string): Promise<boolean> {
    const file = await this.db
      .selectFrom('user_file')
      .select('id')
      .where('sha256', '=', sha256)
      .where('deleted_at', 'is', null)
      .where('state', '<>', 'failed')
      .executeTakeFirst();
    if (file) return true;
    const game = await this.db
      .selectFrom('game')
      .select('id')
      .where('sha256', '=', sha256)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return game !== undefined;
  }

  /** Uploads still arriving that started before `before` (abandoned ones are failed and their room given back). */
  async uploadingSince(before: number, limit = 100): Promise<UserFileRow[]> {
    return (
      (await this.db
        .selectFrom('user_file')
        .select(userFileColumns)
        // Written out: the uploads still arriving are an index of their own (migration 0031).
        .where('state', '=', sql.lit('uploading'))
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute()) as UserFileRow[]
    );
  }

  // — storage the user's files take (DESIGN §10: a counter row with a conditional increment)

  /** Reserves `bytes` of the user's room; false (nothing reserved) when it would pass `quota`. */
  async reserveStorage(userId: number, bytes: number, quota: number): Promise<boolean> {
    await this.db
      .insertInto('user_storage')
      .values({ user_id: userId, used_bytes: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const result = await this.db
      .updateTable('user_storage')
      .set({ used_bytes: sql`used_bytes + ${bytes}` })
      .where('user_id', '=', userId)
      .where(sql<boolean>`used_bytes + ${bytes} <= ${quota}`)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async releaseStorage(userId: number, bytes: number): Promise<void> {
    await this.db
      .updateTable('user_storage')
      .set({ used_bytes: sql`case when used_bytes > ${bytes} then used_bytes - ${bytes} else 0 end` })
      .where('user_id', '=', userId)
      .execute();
  }

  async usedStorage(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_storage')
      .select('used_bytes')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.used_bytes ?? 0);
  }
}
