import { randomUUID } from 'node:crypto';
import {
  FAILED_PUSH_STATES,
  PUSH_FAILURE_REASONS,
  type PushFailureReason,
  type PushRecord,
  type PushState,
} from '@cloudphone/contracts/files';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { LiveEventBus } from '../../events/live-event-bus';
import { isUniqueViolation } from '../../db/dialect/index';
import { AppError } from '../app-error';
import type { JobRunner } from '../../jobs/job-runner';
import type { DeviceHostClient } from '../../providers/device-hosts/device-host-client';
import type { FilePushRow } from '../../repositories/file-push.repository';
import type { HostTaskRecord } from '../../repositories/host-task.repository';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { UserPhone } from '../../repositories/user-phone.repository';
import type { AuthUser } from '../accounts/auth.service';
import type { Clock } from '../clock';
import type { ConfigService } from '../tenancy/config.service';
import type { DeviceHostsService } from '../hosts/device-hosts.service';
import type { HostTaskService } from '../phones/tasks/host-task.service';
import type { PhoneAccessService } from '../phones/access/phone-access.service';
import type { MessageService } from '../content/message.service';

/** The job that drives every pair under way: sends it to its host, reads how it went, ends stalled ones. */
export const PUSH_FILES_JOB = 'files.push';
/** A pair its host has said nothing of for this long has failed: nothing stays "pushing" forever. */
export const PUSH_STALL_MS = 3 * 60_000;
const UNDER_WAY: readonly PushState[] = ['waiting_push', 'pushing', 'installing'];
/** A pair's lock of its phone lasts at most this long should the pair never end (it ends once it stalls). */
const PUSH_LOCK_MS = 60 * 60_000;
/** Progress is written to the pair's row at these steps; the live channel carries every step. */
const PROGRESS_SAVE_STEP = 10;

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
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'filePushes' | 'userFiles' | 'userPhones' | 'messages'>;
      hosts: DeviceHostsService;
      phoneAccess: PhoneAccessService;
      config: ConfigService;
      jobs: JobRunner;
      events: LiveEventBus;
      clock: Clock;
      tasks: HostTaskService;
      messages: MessageService;
    },
  ) {
    // A pair still waiting its turn is the job's to start; one under way its host lost is asked again.
    deps.tasks.register(['push'], {
      onMove: (task) => this.onTask(task),
      restart: async (task) => {
        const pair = await this.deps.repos.filePushes.findByTask(task.taskId);
        const phone = pair && (await this.deps.repos.userPhones.findById(pair.userPhoneId));
        const client = phone && this.deps.hosts.client(phone.deviceHostId);
        if (pair && client && (pair.state === 'pushing' || pair.state === 'installing'))
          await this.ask(client, phone, pair);
      },
    });
  }

  /** Pushes files of the library to phones the user controls (at most `upload.batch.device.count`). */
  async push(
    auth: AuthUser,
    body: { fileIds: number[]; userPhoneIds: number[]; install: boolean },
    idempotencyKey?: string,
  ): Promise<{ batchId: string }> {
    // With a key, pushing again (or racing) answers the first batch (issue 48, as orders do).
    const earlier = async () =>
      idempotencyKey === undefined
        ? undefined
        : await this.deps.repos.filePushes.batchOfKey(auth.userId, idempotencyKey);
    const before = await earlier();
    if (before) return { batchId: before };
    const fileIds = [...new Set(body.fileIds)];
    const phones = await this.phonesFor(auth, body.userPhoneIds);
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
        await this.holdPhone(tx, pair);
        await this.deps.tasks.track(pair.taskId, 'push', phones.get(pair.userPhoneId)!, tx);
      }
      await tx.filePushes.add(pairs);
    }
  }

  /**
   * The phones a push may go to, or why not: at most `upload.batch.device.count`, each one the user
   * owns or controls (spec §6), not expired; a busy phone says why. Asked before anything is written.
   */
  async phonesFor(auth: AuthUser, userPhoneIds: readonly number[]): Promise<Map<number, UserPhone>> {
    const phoneIds = [...new Set(userPhoneIds)];
    if (phoneIds.length > (await this.deps.config.limit(auth.tenantId, 'upload.batch.device.count')))
      throw new AppError('pushTooManyDevices');
    const now = this.deps.clock.now();
    const phones = new Map<number, UserPhone>();
    for (const id of phoneIds) {
      const { phone, until } = await this.deps.phoneAccess.authorize(auth, id, 'push');
      if (until <= now) throw new AppError('deviceExpired');
      phones.set(id, phone);
    }
    return phones;
  }

  /** Tries the failed pairs of a batch on the phones named again, each as a new host task. */
  async retry(auth: AuthUser, body: { batchId: string; userPhoneIds: number[] }): Promise<{ retried: number }> {
    const failed = await this.deps.repos.filePushes.ofBatch(
      auth.userId,
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
        await this.holdPhone(tx, { ...pair, taskId: again.taskId });
        const phone = await tx.userPhones.findById(pair.userPhoneId);
        if (phone) await this.deps.tasks.track(again.taskId, 'push', phone, tx);
        retried++;
      }
    });
    for (const pair of failed) this.publish(pair, 'waiting_push', 0, null);
    this.deps.jobs.trigger(PUSH_FILES_JOB);
    return { retried };
  }

  /** The records of a batch, or of a phone, with the state of every pair. */
  async records(
    auth: AuthUser,
    query: { batchId?: string; userPhoneId?: number; pageNo: number; pageSize: number },
  ): Promise<{ list: PushRecord[]; total: number }> {
    if (query.userPhoneId !== undefined) await this.deps.phoneAccess.authorize(auth, query.userPhoneId, 'watch');
    const { rows, total } = await this.deps.repos.filePushes.page(
      auth.userId,
      { batchId: query.batchId, userPhoneId: query.userPhoneId },
      (query.pageNo - 1) * query.pageSize,
      query.pageSize,
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

  /** The push job: pairs waiting their turn start; those under way keep their deadlines. */
  async advance(): Promise<number> {
    let moved = 0;
    for (const pair of await this.deps.repos.filePushes.unfinished(UNDER_WAY)) {
      try {
        await this.advancePair(pair);
        moved++;
      } catch {
        // This host did not answer: the next pass tries again (and ends the pair once it stalls).
      }
    }
    return moved;
  }

  /** A push task moved on (the task model heard it): its pair moves on at once. */
  private async onTask(task: HostTaskRecord): Promise<void> {
    const pair = await this.deps.repos.filePushes.findByTask(task.taskId);
    if (!pair || !UNDER_WAY.includes(pair.state)) return;
    await this.apply(pair, {
      state: task.state,
      progress: task.progress,
      ...(task.stage === 'fetch' || task.stage === 'install' ? { stage: task.stage } : {}),
      ...(task.reason ? { reason: task.reason } : {}),
    });
  }

  private async advancePair(pair: FilePushRow): Promise<void> {
    const phone = await this.deps.repos.userPhones.findById(pair.userPhoneId);
    const now = this.deps.clock.now();
    if (!phone) return this.end(pair, 'push_failed', 'failed');
    if (phone.expireTime <= now) return this.end(pair, 'push_failed', 'expired');
    const client = this.deps.hosts.client(phone.deviceHostId);
    const stalled = now - Number(pair.updatedAt) > PUSH_STALL_MS;
    if (!client) return stalled ? this.end(pair, failedStateOf(pair), 'offline') : undefined;
    if (pair.state === 'waiting_push') {
      if (!(await this.deps.repos.filePushes.transition(pair.id, ['waiting_push'], 'pushing', { now, progress: 0 })))
        return;
      const pushing = { ...pair, state: 'pushing' as const, updatedAt: now };
      this.publish(pushing, 'pushing', 0, null);
      return this.ask(client, phone, pushing);
    }
    // What the task model heard (a host that never got it is asked again there); a pair it heard
    // nothing of for too long has failed.
    const task = await this.deps.tasks.find(pair.taskId);
    if (task?.state === 'success' || task?.state === 'failed') return this.onTask(task);
    if (stalled) await this.end(pair, failedStateOf(pair), 'timeout');
  }

  private async ask(client: DeviceHostClient, phone: UserPhone, pair: FilePushRow): Promise<void> {
    const file = await this.deps.repos.userFiles.findById(pair.fileId);
    if (!file?.sha256) return this.end(pair, 'push_failed', 'fileMissing');
    const task = await client.push(phone.instanceNo, {
      taskId: pair.taskId,
      sha256: file.sha256,
      name: file.name,
      size: Number(file.size),
      kind: file.kind,
      install: pair.install,
    });
    await this.deps.tasks.hear(task);
  }

  /** What the host says of the pair's task, as the pair's state (spec §4). */
  private async apply(pair: FilePushRow, task: Pick<HostTaskEvent, 'state' | 'progress' | 'stage' | 'reason'>) {
    const now = this.deps.clock.now();
    if (task.state === 'success') return this.end(pair, pair.install ? 'install_success' : 'push_success', null);
    if (task.state === 'failed') {
      const installing = pair.state === 'installing' || task.stage === 'install';
      return this.end(pair, installing ? 'install_failed' : 'push_failed', reasonOf(task.reason));
    }
    if (task.stage === 'install' && pair.state === 'pushing') {
      if (
        !(await this.deps.repos.filePushes.transition(pair.id, ['pushing'], 'installing', {
          now,
          progress: task.progress,
        }))
      )
        return;
      // The file arrived (push success), and installing begins.
      this.publish(pair, 'push_success', 100, null);
      this.publish(pair, 'installing', task.progress, null);
      return;
    }
    const state = pair.state === 'waiting_push' ? 'pushing' : pair.state;
    if (Math.floor(task.progress / PROGRESS_SAVE_STEP) !== Math.floor(pair.progress / PROGRESS_SAVE_STEP))
      await this.deps.repos.filePushes.setProgress(pair.id, state, task.progress, now);
    this.publish(pair, state, task.progress, null);
  }

  /** A pair comes to rest: its state, and its file no longer held, in one unit of work. */
  private async end(pair: FilePushRow, to: PushState, reason: PushFailureReason | null): Promise<void> {
    const now = this.deps.clock.now();
    const progress = reason ? pair.progress : 100;
    const ended = await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.filePushes.transition(pair.id, UNDER_WAY, to, { now, progress, reason }))) return false;
      await tx.userFiles.releasePush(pair.fileId);
      await this.deps.phoneAccess.unlock([pair.userPhoneId], holderOf(pair), tx);
      if (to === 'install_success' || to === 'install_failed')
        await this.tellInstalled(tx, pair, to === 'install_success');
      return true;
    });
    if (ended) this.publish(pair, to, progress, reason);
  }

  /** An app's install ended: its owner finds it in their messages (issue 24), with the push's end. */
  private async tellInstalled(tx: Repositories, pair: FilePushRow, ok: boolean): Promise<void> {
    const [file, phone] = await Promise.all([
      tx.userFiles.findById(pair.fileId),
      tx.userPhones.findById(pair.userPhoneId),
    ]);
    if (!file || !phone) return;
    await this.deps.messages.tell(tx, { tenantId: pair.tenantId, userId: pair.userId }, 'install_finished', {
      fileName: file.label ?? file.name,
      phone: { name: phone.name, nameNo: phone.nameNo },
      ok,
    });
  }

  private holdPhone(tx: Repositories, pair: { userPhoneId: number; taskId: string }): Promise<void> {
    return this.deps.phoneAccess.lock(tx, [pair.userPhoneId], 'pushing', holderOf(pair), PUSH_LOCK_MS);
  }

  private publish(pair: FilePushRow, state: PushState, progress: number, reason: PushFailureReason | null): void {
    this.deps.events.publish(pair.userId, {
      type: 'file.push',
      pushId: pair.id,
      batchId: pair.batchId,
      fileId: pair.fileId,
      userPhoneId: pair.userPhoneId,
      state,
      progress,
      reason,
    });
  }
}

/** Who holds a phone's `pushing` lock: the pair's host task. */
const holderOf = (pair: { taskId: string }) => `push:${pair.taskId}`;

function failedStateOf(pair: FilePushRow): PushState {
  return pair.state === 'installing' ? 'install_failed' : 'push_failed';
}

function reasonOf(reason: string | undefined): PushFailureReason {
  return PUSH_FAILURE_REASONS.find((r) => r === reason) ?? 'failed';
}
