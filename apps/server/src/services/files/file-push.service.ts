import { randomUUID } from 'node:crypto';
import { FAILED_PUSH_STATES, type PushRecord } from '@cloudphone/contracts/files';
import { isUniqueViolation } from '../../db/dialect/index';
import type { Repositories } from '../../repositories/index';
import type { UserPhone } from '../../repositories/user-phone.repository';
import type { AuthUser } from '../accounts/auth.service';
import type { PhoneGate } from '../phones/access/phone-access.service';
import { AppError } from '../app-error';
import { type FilePushDeps, PushPairs } from './push-pairs';

/** The job that drives every pair under way: sends it to its host, reads how it went, ends stalled ones. */
export const PUSH_FILES_JOB = 'files.push';

/** One batch of a push, as its unit of work writes it: every file to every phone. */
interface PushBatch {
  files: { id: number; kind: string }[];
  phones: Map<number, UserPhone>;
  install: boolean;
  batchId: string;
  now: number;
}

/**
 * Pushing library files to phones and installing the apps among them (issue 14; spec §4). A push is
 * rows first — one per (file, phone) pair, each with the host task id the server chose — written in
 * one unit of work with the files held against deletion. The push job then asks each pair's host to
 * run its task; the host's task events (and, after a crash or a dropped stream, the job's own reading
 * of the task) move the pair through its states. Asking a host twice for one task id runs it once, so
 * a push in flight when the server dies completes after the restart, or fails cleanly, never twice.
 */
export class FilePushService {
  /** Each pair's life once written. */
  private readonly pairs: PushPairs;

  constructor(private readonly deps: FilePushDeps) {
    this.pairs = new PushPairs(deps);
  }

  /** Pushes files of the library to phones the user controls (at most `upload.batch.device.count`). */
  async push(
    gate: PhoneGate,
    body: { fileIds: number[]; userPhoneIds: number[]; install: boolean },
    idempotencyKey?: string,
  ): Promise<{ batchId: string }> {
    const { auth } = gate;
    // With a key, pushing again (or racing) answers the first batch (issue 48, as orders do).
    const earlier = async () =>
      idempotencyKey === undefined
        ? undefined
        : await this.deps.repos.filePushes.batchOfKey(auth.userId, idempotencyKey);
    const before = await earlier();
    if (before) return { batchId: before };
    const fileIds = [...new Set(body.fileIds)];
    const phones = await this.phonesFor(gate, body.userPhoneIds);
    const now = this.deps.clock.now();
    const files = await this.deps.repos.userFiles.readyOf(auth.userId, fileIds);
    if (files.length !== fileIds.length) throw new AppError('fileNotFound');
    const batchId = randomUUID();
    const made = await this.deps.repos
      .transaction(async (tx) => {
        if (idempotencyKey !== undefined) await tx.filePushes.takeKey(auth.userId, idempotencyKey, batchId, now);
        await this.addPairs(tx, auth, { files, phones, install: body.install, batchId, now });
        return true;
      })
      .catch(async (error: unknown) => {
        // A racing push with the same key won: its batch is this one.
        if (isUniqueViolation(error) && (await earlier())) return false;
        throw error;
      });
    if (!made) return { batchId: (await earlier())! };
    this.deps.jobs.trigger(PUSH_FILES_JOB);
    return { batchId };
  }

  private async addPairs(
    tx: Repositories,
    auth: AuthUser,
    { files, phones, install, batchId, now }: PushBatch,
  ): Promise<void> {
    const phoneIds = [...phones.keys()];
    for (const file of files) {
      // Held by a conditional write: a delete that races this push either wins first or is refused.
      if (!(await tx.userFiles.holdForPush(file.id, phoneIds.length))) throw new AppError('fileNotFound');
      const pairs = phoneIds.map((userPhoneId) => ({
        batchId,
        tenantId: auth.tenantId,
        userId: auth.userId,
        fileId: file.id,
        userPhoneId,
        install: install && file.kind === 'app',
        taskId: randomUUID(),
        createdAt: now,
      }));
      // Each pair holds its phone's shared `pushing` lock: other pushes and a sync session fit beside it,
      // a reset or a transfer does not (issue 20).
      for (const pair of pairs) {
        await this.pairs.hold(tx, pair);
        await this.deps.tasks.track(pair.taskId, 'push', phones.get(pair.userPhoneId)!, tx);
      }
      await tx.filePushes.add(pairs);
    }
  }

  /**
   * The phones a push may go to, or why not: at most `upload.batch.device.count`, each one the user
   * owns or controls (spec §6), not expired; a busy phone says why. Asked before anything is written.
   */
  async phonesFor(gate: PhoneGate, userPhoneIds: readonly number[]): Promise<Map<number, UserPhone>> {
    const phoneIds = [...new Set(userPhoneIds)];
    if (phoneIds.length > (await this.deps.config.limit(gate.auth.tenantId, 'upload.batch.device.count')))
      throw new AppError('pushTooManyDevices');
    const now = this.deps.clock.now();
    const phones = new Map<number, UserPhone>();
    for (const id of phoneIds) {
      const { phone, until } = await gate.check(id);
      if (until <= now) throw new AppError('deviceExpired');
      phones.set(id, phone);
    }
    return phones;
  }

  /** Tries the failed pairs of a batch on the phones named again, each as a new host task. */
  async retry(gate: PhoneGate, body: { batchId: string; userPhoneIds: number[] }): Promise<{ retried: number }> {
    // Pushed to again only while the user may push to them, as a new push would be.
    for (const id of new Set(body.userPhoneIds)) await gate.check(id);
    const failed = await this.deps.repos.filePushes.ofBatch(
      gate.auth.userId,
      body.batchId,
      body.userPhoneIds,
      FAILED_PUSH_STATES,
    );
    const now = this.deps.clock.now();
    let retried = 0;
    await this.deps.repos.transaction(async (tx) => {
      for (const pair of failed) {
        if (!(await tx.userFiles.holdForPush(pair.fileId, 1))) continue;
        const again = { now, progress: 0, reason: null, taskId: randomUUID() };
        if (!(await tx.filePushes.transition(pair.id, FAILED_PUSH_STATES, 'waiting_push', again))) {
          await tx.userFiles.releasePush(pair.fileId);
          continue;
        }
        await this.pairs.hold(tx, { ...pair, taskId: again.taskId });
        const phone = await tx.userPhones.findById(pair.userPhoneId);
        if (phone) await this.deps.tasks.track(again.taskId, 'push', phone, tx);
        retried++;
      }
    });
    for (const pair of failed) this.pairs.publish(pair, 'waiting_push', 0, null);
    this.deps.jobs.trigger(PUSH_FILES_JOB);
    return { retried };
  }

  /** The records of a batch, or of a phone, with the state of every pair. */
  async records(
    gate: PhoneGate,
    query: { batchId?: string; userPhoneId?: number; pageNo: number; pageSize: number },
  ): Promise<{ list: PushRecord[]; total: number }> {
    if (query.userPhoneId !== undefined) await gate.check(query.userPhoneId);
    const { rows, total } = await this.deps.repos.filePushes.page(
      gate.auth.userId,
      { batchId: query.batchId, userPhoneId: query.userPhoneId },
      query,
    );
    return {
      list: rows.map((r) => ({
        pushId: r.id,
        batchId: r.batchId,
        fileId: r.fileId,
        fileName: r.fileName,
        kind: r.kind,
        userPhoneId: r.userPhoneId,
        install: r.install,
        state: r.state,
        progress: r.progress,
        reason: r.reason,
        createdAt: Number(r.createdAt),
        updatedAt: Number(r.updatedAt),
      })),
      total,
    };
  }

  /** The push job (`PushPairs`). */
  advance(): Promise<number> {
    return this.pairs.advance();
  }
}
