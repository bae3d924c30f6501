import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import { uploadMetadataSchema, type FilePage, type FileKind, type UserFile } from '@cloudphone/contracts/files';
import { UPLOAD } from '@cloudphone/contracts/limits';
import { checkUploadSelection } from '@cloudphone/contracts/validation';
import { PackageParseError, readApkFile } from '@cloudphone/apk';
import type { LiveEventBus } from '../../events/live-event-bus';
import { AppError } from '../app-error';
import type { BlobStore } from '../../providers/blob-store/blob-store';
import type { RepositoriesOf } from '../../repositories/index';
import type { AppFacts, UserFileRow } from '../../repositories/user-file.repository';
import type { Throttle, ThrottleRule } from '../../security/throttle';
import type { AuthUser } from '../accounts/auth.service';
import type { Clock } from '../clock';
import type { ConfigService } from '../tenancy/config.service';

/** Spec §9: 3 files per selection, counted per upload batch (the batch id each upload carries). */
const BATCH_RULE: ThrottleRule = { scope: 'upload-batch', limit: UPLOAD.filesPerSelection, windowMs: DAY_MS };
/** An upload nobody finished in this long is given up: its room is given back (tus keeps no upload forever). */
export const ABANDONED_UPLOAD_MS = DAY_MS;
const MB = 1024 * 1024;

/** The job that gives up abandoned uploads. */
export const SWEEP_UPLOADS_JOB = 'files.sweep-uploads';

/**
 * The user's library of files and apps (issue 14; spec §5 upload rules). An upload is recorded when
 * it starts — the 3-files-per-batch rule, the 2 GB limit, the package extension and the storage quota
 * are checked then — and joins the library once it has arrived whole: its SHA-256 matches the one
 * the browser computed ("file verifying"), an APK's package is read ("parsing"), and the same app
 * and version is not in the library already. Its bytes are kept once per hash in the blob store.
 */
export class FilesService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'userFiles'>;
      blobs: BlobStore;
      config: ConfigService;
      throttle: Throttle;
      events: LiveEventBus;
      clock: Clock;
    },
  ) {}

  /** A tus upload is about to be created: refuse it now, before a byte arrives, if a rule forbids it. */
  async beginUpload(auth: AuthUser, uploadId: string, metadata: unknown, size: number | undefined): Promise<void> {
    const parsed = uploadMetadataSchema.safeParse(metadata);
    if (!parsed.success || size === undefined) throw new AppError('invalidParameter');
    const { filename, kind, batchId, sha256 } = parsed.data;
    const refusal = checkUploadSelection([{ name: filename, size }], kind);
    if (refusal) throw new AppError(refusal);
    const subject = `${auth.userId}:${batchId}`;
    if (!(await this.deps.throttle.hit(BATCH_RULE, subject))) throw new AppError('uploadTooManyFiles');
    const quota = (await this.deps.config.limit(auth.tenantId, 'upload.user.storage.mb')) * MB;
    // Its room and its record in one unit of work (issue 21): a crash between them leaks no room.
    const reserved = await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.userFiles.reserveStorage(auth.userId, size, quota))) return false;
      await tx.userFiles.startUpload({
        tenantId: auth.tenantId,
        userId: auth.userId,
        uploadId,
        batchId,
        kind,
        name: filename,
        size,
        expectedSha256: sha256,
        createdAt: this.deps.clock.now(),
      });
      return true;
    });
    if (!reserved) {
      await this.deps.throttle.release(BATCH_RULE, subject);
      throw new AppError('uploadQuotaExceeded');
    }
  }

  /** Whether an upload is the user's own (every request after the first names it by id). */
  async ownsUpload(auth: AuthUser, uploadId: string): Promise<boolean> {
    const row = await this.deps.repos.userFiles.findByUploadId(uploadId);
    return row !== undefined && row.userId === auth.userId && row.tenantId === auth.tenantId;
  }

  /**
   * The last byte arrived: verify it, read its package, and keep it — or refuse it with the reason
   * and give its room back. Asked twice (a retried last request), it answers the file it became.
   */
  async finishUpload(uploadId: string): Promise<UserFile> {
    const row = await this.deps.repos.userFiles.findByUploadId(uploadId);
    if (!row) throw new AppError('fileNotFound');
    if (row.state === 'ready') return this.describe(row);
    if (row.state === 'failed') throw new AppError('uploadChecksumMismatch');
    let checked: { sha256: string; app: AppFacts | null };
    try {
      checked = await this.deps.blobs.withUploadFile(uploadId, (path) => this.check(row, path));
      if (!(await this.deps.repos.userFiles.markReady(row.id, checked.sha256, checked.app, this.deps.clock.now())))
        throw new AppError('uploadAppExists');
    } catch (error) {
      await this.refuse(row);
      // Two uploads of one app finishing at once: the unique key refuses the second.
      if (!(error instanceof AppError) && row.kind === 'app') throw new AppError('uploadAppExists');
      throw error;
    }
    await this.deps.blobs.adopt(uploadId, checked.sha256);
    this.deps.events.publish(row.userId, { type: 'file.library', fileId: row.id, kind: row.kind, change: 'added' });
    return this.describe((await this.deps.repos.userFiles.findById(row.id)) ?? row);
  }

  /**
   * Puts an app of the tenant's library (a game, issue 29) into the user's library, taking its room
   * there as an upload would; the user's copy of the same package and version when there is one.
   */
  async addFromLibrary(auth: AuthUser, app: AppFacts & { sha256: string; size: number; fileName: string }) {
    const existing = await this.deps.repos.userFiles.findApp(auth.userId, app.packageName, app.versionCode);
    if (existing?.state === 'ready') return existing.id;
    const quota = (await this.deps.config.limit(auth.tenantId, 'upload.user.storage.mb')) * MB;
    const added = await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.userFiles.reserveStorage(auth.userId, app.size, quota))) throw new AppError('uploadQuotaExceeded');
      const id = await tx.userFiles.addReadyApp({
        tenantId: auth.tenantId,
        userId: auth.userId,
        uploadId: randomUUID(),
        name: app.fileName,
        size: app.size,
        sha256: app.sha256,
        app,
        now: this.deps.clock.now(),
      });
      // Another request added it meanwhile: its room is given back, its copy serves.
      if (id === undefined) await tx.userFiles.releaseStorage(auth.userId, app.size);
      return id;
    });
    const id = added ?? (await this.deps.repos.userFiles.findApp(auth.userId, app.packageName, app.versionCode))?.id;
    if (id === undefined) throw new AppError('fileNotFound');
    if (added !== undefined)
      this.deps.events.publish(auth.userId, { type: 'file.library', fileId: id, kind: 'app', change: 'added' });
    return id;
  }

  /** The user's library, newest first, with the room the files take and the quota. */
  async library(auth: AuthUser, query: { pageNo: number; pageSize: number; kind?: FileKind }): Promise<FilePage> {
    const { rows, total } = await this.deps.repos.userFiles.page(auth.userId, query.kind, query);
    return {
      list: rows.map((r) => this.describe(r)),
      total,
      usedBytes: await this.deps.repos.userFiles.usedStorage(auth.userId),
      quotaBytes: (await this.deps.config.limit(auth.tenantId, 'upload.user.storage.mb')) * MB,
    };
  }

  /** Deletes a file of the library; refused while it is being pushed or installed (spec §5). */
  async remove(auth: AuthUser, fileId: number): Promise<void> {
    const file = await this.deps.repos.userFiles.findById(fileId);
    if (!file || file.userId !== auth.userId || file.state !== 'ready' || file.deletedAt !== null)
      throw new AppError('fileNotFound');
    if (!(await this.deps.repos.userFiles.deleteIfIdle(auth.userId, fileId, this.deps.clock.now())))
      throw new AppError('uploadFileBusy');
    await this.deps.repos.userFiles.releaseStorage(auth.userId, file.size);
    // The bytes go when no other file (of anyone) is the same blob.
    if (file.sha256 && !(await this.deps.repos.userFiles.blobInUse(file.sha256)))
      await this.deps.blobs.remove(file.sha256);
    this.deps.events.publish(auth.userId, { type: 'file.library', fileId, kind: file.kind, change: 'removed' });
  }

  /** The user cancelled an upload under way (tus termination): it is given up now. */
  async abandonUpload(uploadId: string): Promise<void> {
    const row = await this.deps.repos.userFiles.findByUploadId(uploadId);
    if (row?.state === 'uploading') await this.refuse(row);
  }

  /** The sweep job: uploads abandoned for a day are given up and their room given back. */
  async sweepAbandoned(): Promise<number> {
    const stale = await this.deps.repos.userFiles.uploadingSince(this.deps.clock.now() - ABANDONED_UPLOAD_MS);
    for (const row of stale) await this.refuse(row);
    return stale.length;
  }

  describe(row: UserFileRow): UserFile {
    return {
      fileId: row.id,
      name: row.name,
      size: Number(row.size),
      kind: row.kind,
      sha256: row.sha256 ?? '',
      packageName: row.packageName,
      label: row.label,
      versionName: row.versionName,
      versionCode: row.versionCode,
      icon: row.icon,
      createdAt: Number(row.createdAt),
      busy: row.activePushes > 0,
    };
  }

  /** The file as it arrived: its hash matches the browser's, and an app's package reads and is new. */
  private async check(row: UserFileRow, path: string): Promise<{ sha256: string; app: AppFacts | null }> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    const sha256 = hash.digest('hex');
    if (sha256 !== row.expectedSha256) throw new AppError('uploadChecksumMismatch');
    if (row.kind !== 'app') return { sha256, app: null };
    let app: AppFacts;
    try {
      const { packageName, label, versionName, versionCode, icon } = readApkFile(path);
      app = { packageName, label, versionName, versionCode, icon };
    } catch (error) {
      if (error instanceof PackageParseError) throw new AppError('packageParseError');
      throw error;
    }
    // The same package and version is refused; another version is an update (spec §5).
    if (await this.deps.repos.userFiles.findApp(row.userId, app.packageName, app.versionCode))
      throw new AppError('uploadAppExists');
    return { sha256, app };
  }

  /** An upload that will not join the library: marked failed, its bytes dropped, its room given back. */
  private async refuse(row: UserFileRow): Promise<void> {
    if (await this.deps.repos.userFiles.markFailed(row.id, this.deps.clock.now()))
      await this.deps.repos.userFiles.releaseStorage(row.userId, row.size);
    await this.deps.blobs.discardUpload(row.uploadId).catch(() => undefined);
  }
}
