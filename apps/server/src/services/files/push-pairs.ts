import { PUSH_FAILURE_REASONS, type PushFailureReason, type PushState } from '@cloudphone/contracts/files';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { LiveEventBus } from '../../events/live-event-bus';
import type { JobRunner } from '../../jobs/job-runner';
import type { DeviceHostClient } from '../../providers/device-hosts/device-host-client';
import type { FilePushRow } from '../../repositories/file-push.repository';
import type { HostTaskRecord } from '../../repositories/host-task.repository';
import type { Repositories, RepositoriesOf } from '../../repositories/index';
import type { UserPhone } from '../../repositories/user-phone.repository';
import type { Clock } from '../clock';
import type { ConfigService } from '../tenancy/config.service';
import type { DeviceHostsService } from '../hosts/device-hosts.service';
import type { HostTaskService } from '../phones/tasks/host-task.service';
import type { PhoneAccessService } from '../phones/access/phone-access.service';
import type { MessageService } from '../content/message.service';

/** A pair its host has said nothing of for this long has failed: nothing stays "pushing" forever. */
export const PUSH_STALL_MS = 3 * 60_000;
const UNDER_WAY: readonly PushState[] = ['waiting_push', 'pushing', 'installing'];
/** A pair's lock of its phone lasts at most this long should the pair never end (it ends once it stalls). */
const PUSH_LOCK_MS = 60 * 60_000;
/** Progress is written to the pair's row at these steps; the live channel carries every step. */
const PROGRESS_SAVE_STEP = 10;

/** What pushing stands on. */
export type FilePushDeps = {
  repos: RepositoriesOf<'filePushes' | 'userFiles' | 'userPhones' | 'messages'>;
  hosts: DeviceHostsService;
  phoneAccess: PhoneAccessService;
  config: ConfigService;
  jobs: JobRunner;
  events: LiveEventBus;
  clock: Clock;
  tasks: HostTaskService;
  messages: MessageService;
};

/**
 * The life of each (file, phone) pair of a push once it is written (spec §4): the push job starts the
 * pairs waiting their turn and keeps the deadlines of those under way; the host's task events, heard
 * by the task model, move a pair through its states; a pair that ends frees its file and its phone.
 */
export class PushPairs {
  constructor(private readonly deps: FilePushDeps) {
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

  /** A pair holds its phone's shared `pushing` lock until it ends. */
  hold(tx: Repositories, pair: { userPhoneId: number; taskId: string }): Promise<void> {
    return this.deps.phoneAccess.lock(tx, [pair.userPhoneId], 'pushing', holderOf(pair), PUSH_LOCK_MS);
  }

  publish(pair: FilePushRow, state: PushState, progress: number, reason: PushFailureReason | null): void {
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
