import { randomUUID } from 'node:crypto';
import { DAY_MS, HOUR_MS } from '@cloudphone/contracts/commerce';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import {
  cloneStateOf,
  type CloneFailureReason,
  type CloneRecord,
  type CloneTargetState,
} from '@cloudphone/contracts/templates';
import type { LiveEventBus } from '../../../events/live-event-bus';
import { AppError } from '../../app-error';
import type { BlobStore } from '../../../providers/blob-store/blob-store';
import type { CloneRow, CloneTargetRow } from '../../../repositories/clone.repository';
import type { HostTaskRecord } from '../../../repositories/host-task.repository';
import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { TemplateRow } from '../../../repositories/template.repository';
import type { UserPhone } from '../../../repositories/user-phone.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import { resultOf, type HostTaskService } from './host-task.service';
import type { PhoneAccessService, PhoneGate } from '../access/phone-access.service';
import { phoneNameOf } from '../operations/phone-name';
import type { QuotaService } from '../../tenancy/quota.service';
import type { TemplateService } from './template.service';
import type { MessageService } from '../../content/message.service';
import { SnapshotPlacement } from './snapshot-placement';

/** The job that puts templates on the phones of clones and finishes them (after a crash too). */
export const CLONES_JOB = 'clones.advance';

/** A phone's progress is written to its row at these steps; the live channel carries every step. */
const PROGRESS_SAVE_STEP = 10;
/** Who holds a phone's `cloning` lock: the clone, so only it frees the phone. */
const holderOf = (cloneId: number) => `clone:${cloneId}`;

/** Why the host could not put the template on a phone, in the words the client shows. */
function reasonOf(hostReason: string | undefined): CloneFailureReason {
  if (hostReason === 'incompatible') return 'incompatible';
  if (hostReason?.startsWith('device is')) return 'offline';
  return 'failed';
}

/**
 * Clones (spec §1 "clone a device from a template", issue 15): a template's user data put on up to
 * `clone.batch.count` phones of the user. Each phone is locked `cloning` in the unit of work that
 * records the clone (spec §4: a phone being cloned cannot be cloned again, and refuses the rest with
 * the §8 message), then its host applies the snapshot as a task whose id was chosen here; the task
 * model starts it again on a host that lost it, so a clone in flight when the server or host restarts
 * finishes — or fails cleanly once `clone.expire.hours` have passed — and frees its phones.
 */
export class CloneService {
  private readonly snapshots: SnapshotPlacement;

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'clones' | 'templates' | 'userPhones' | 'messages'>;
      templates: TemplateService;
      access: PhoneAccessService;
      quotas: QuotaService;
      functions: FunctionGate;
      hosts: DeviceHostsService;
      events: LiveEventBus;
      clock: Clock;
      tasks: HostTaskService;
      blobs: BlobStore;
      messages: MessageService;
    },
  ) {
    this.snapshots = new SnapshotPlacement(deps.repos, deps.hosts, deps.blobs);
    // The host tells how each phone's clone goes (DESIGN §10): the phone moves on, and its owner sees it, at once.
    deps.tasks.register(['apply-snapshot'], {
      onMove: (task) => this.onTask(task),
      restart: async (task) => {
        const target = await this.deps.repos.clones.targetByTaskId(task.taskId);
        if (target?.state === 'waiting' || target?.state === 'cloning') await this.start(target);
      },
    });
  }

  async create(
    gate: PhoneGate,
    body: { templateId: number; userPhoneIds: number[]; newMachine: boolean },
  ): Promise<{ cloneId: number }> {
    const { auth } = gate;
    await this.deps.functions.require(auth, 'clone_button');
    await this.deps.quotas.batch(auth.tenantId, 'clone.batch.count', body.userPhoneIds.length, 'cloneBatchLimit');
    const template = await this.deps.templates.usable(auth, body.templateId);
    const phones: UserPhone[] = [];
    for (const id of body.userPhoneIds) phones.push((await gate.check(id)).phone);
    await this.checkVersions(phones, template);
    const hours = await this.deps.quotas.limit(auth.tenantId, 'clone.expire.hours');
    const clone = await this.deps.repos.transaction(async (tx) => {
      const now = this.deps.clock.now();
      if (!(await tx.templates.claimForClone(template.id, now)))
        throw new AppError(template.expireAt <= now ? 'templateExpired' : 'templateNotReady');
      const targets: UserPhone[] = [];
      for (const id of body.userPhoneIds) targets.push((await gate.check(id, tx)).phone);
      await this.deps.quotas.take(tx, auth.tenantId, [
        {
          key: 'clone.user.day.count',
          subject: `user:${auth.userId}`,
          windowMs: DAY_MS,
          error: 'cloneDayLimit',
          count: targets.length,
        },
      ]);
      const created = await tx.clones.create(
        {
          tenantId: auth.tenantId,
          userId: auth.userId,
          templateId: template.id,
          newMachine: body.newMachine,
          createdAt: now,
          expireAt: now + hours * HOUR_MS,
        },
        targets.map((p) => ({
          userPhoneId: p.id,
          deviceHostId: p.deviceHostId,
          instanceNo: p.instanceNo,
          taskId: randomUUID(),
        })),
      );
      for (const target of await tx.clones.targetsOf([created.id]))
        await this.deps.tasks.track(target.taskId, 'apply-snapshot', { ...target, id: target.userPhoneId }, tx);
      // In id order, as every batch takes its phones, so racing batches never wait on each other in a circle.
      const ids = [...body.userPhoneIds].sort((a, b) => a - b);
      await this.deps.access.lock(tx, ids, 'cloning', holderOf(created.id), hours * HOUR_MS);
      return created;
    });
    // After the commit the hosts start; what they cannot start now, the task model asks again.
    for (const target of await this.deps.repos.clones.targetsOf([clone.id]))
      await this.start(target).catch(() => undefined);
    return { cloneId: clone.id };
  }

  /** The user's clones on record (`clone.expire.hours`), each with its phones' progress and results. */
  async page(
    auth: AuthUser,
    query: { pageNo: number; pageSize: number },
  ): Promise<{ list: CloneRecord[]; total: number }> {
    const { list, total } = await this.deps.repos.clones.page(
      auth.userId,
      this.deps.clock.now(),
      query.pageNo,
      query.pageSize,
    );
    const targets = await this.deps.repos.clones.targetsOf(list.map((c) => c.id));
    const [templates, phones] = await Promise.all([
      this.deps.repos.templates.findByIds([...new Set(list.map((c) => c.templateId))]),
      this.deps.repos.userPhones.findByIds(targets.map((t) => t.userPhoneId)),
    ]);
    return {
      list: list.map((clone) => {
        const mine = targets
          .filter((t) => t.cloneId === clone.id)
          .map((t) => {
            const phone = phones.find((p) => p.id === t.userPhoneId);
            const { userPhoneId, state, progress, reason } = t;
            return { userPhoneId, phoneName: phone ? phoneNameOf(phone) : '', state, progress, reason };
          });
        return {
          cloneId: clone.id,
          templateId: clone.templateId,
          templateName: templates.find((t) => t.id === clone.templateId)?.name ?? '',
          newMachine: clone.newMachine,
          state: cloneStateOf(mine),
          createTime: clone.createdAt,
          expireTime: clone.expireAt,
          targets: mine,
        };
      }),
      total,
    };
  }

  /**
   * The job: a phone still under way past its clone's time fails; one whose task ended while it could
   * not be applied is finished from the task's record.
   */
  async advance(): Promise<void> {
    const targets = await this.deps.repos.clones.inFlight();
    if (targets.length === 0) return;
    const clones = await this.deps.repos.clones.findByIds([...new Set(targets.map((t) => t.cloneId))]);
    let failure: unknown;
    for (const target of targets) {
      const clone = clones.find((c) => c.id === target.cloneId)!;
      await this.followTarget(target, clone).catch((error: unknown) => void (failure ??= error));
    }
    if (failure) throw failure;
  }

  /** spec: a template of one Android version clones only onto phones of the same version. */
  private async checkVersions(phones: readonly UserPhone[], template: TemplateRow): Promise<void> {
    for (const phone of phones) {
      const described = await this.deps.hosts
        .client(phone.deviceHostId)
        ?.describe([phone.instanceNo])
        .catch(() => undefined);
      const info = described?.get(phone.instanceNo);
      if (!info) throw new AppError('deviceNotConnected');
      if (info.android !== template.android) throw new AppError('cloneVersionMismatch', null, [template.android]);
    }
  }

  private async followTarget(target: CloneTargetRow, clone: CloneRow): Promise<void> {
    const task = await this.deps.tasks.find(target.taskId);
    if (task?.state === 'success' || task?.state === 'failed') return this.onTask(task);
    if (clone.expireAt <= this.deps.clock.now()) await this.finish(target, clone, 'failed', 'timeout');
  }

  /** Asks the phone's host to put the template on it, under the phone's task id, which the host runs once. */
  private async start(target: CloneTargetRow): Promise<void> {
    const client = this.deps.hosts.client(target.deviceHostId);
    const [clone] = await this.deps.repos.clones.findByIds([target.cloneId]);
    const [template] = clone ? await this.deps.repos.templates.findByIds([clone.templateId]) : [];
    if (!client || !clone || !template) return;
    await this.snapshots.place(template, target.deviceHostId, client);
    await client.applySnapshot(target.instanceNo, template.snapshotId, target.taskId, { newMachine: clone.newMachine });
  }

  private async onTask(task: HostTaskRecord): Promise<void> {
    const target = await this.deps.repos.clones.targetByTaskId(task.taskId);
    if (!target || target.deviceHostId !== task.deviceHostId) return;
    if (target.state !== 'waiting' && target.state !== 'cloning') return;
    const [clone] = await this.deps.repos.clones.findByIds([target.cloneId]);
    if (clone) await this.apply(target, clone, resultOf(task));
  }

  /** What the host says of a phone's clone, as the phone's state and result. */
  private async apply(
    target: CloneTargetRow,
    clone: CloneRow,
    result: Pick<TaskResult, 'status' | 'progress' | 'reason'>,
  ): Promise<void> {
    if (result.status === 'success') return this.finish(target, clone, 'success');
    if (result.status === 'failed') return this.finish(target, clone, 'failed', reasonOf(result.reason));
    const progress = result.progress ?? 0;
    const step = (p: number) => Math.floor(p / PROGRESS_SAVE_STEP);
    if (target.state === 'waiting' || step(progress) !== step(target.progress))
      if (!(await this.deps.repos.clones.updateTarget(target.id, { state: 'cloning', progress }))) return;
    this.publish(clone, target, 'cloning', progress, null);
  }

  /** A phone's clone ended: its result is recorded and the phone freed, in one unit of work, once. */
  private async finish(
    target: CloneTargetRow,
    clone: CloneRow,
    state: Extract<CloneTargetState, 'success' | 'failed'>,
    reason?: CloneFailureReason,
  ): Promise<void> {
    const progress = state === 'success' ? 100 : target.progress;
    const ended = await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.clones.updateTarget(target.id, { state, progress, reason, finishedAt: this.deps.clock.now() })))
        return false;
      await this.deps.access.unlock([target.userPhoneId], holderOf(target.cloneId), tx);
      await this.tellIfOver(tx, clone);
      return true;
    });
    if (ended) this.publish(clone, target, state, progress, reason ?? null);
  }

  /** Once a clone's last phone has its result, its owner finds how it went in their messages (issue 24). */
  private async tellIfOver(tx: Repositories, clone: CloneRow): Promise<void> {
    const targets = await tx.clones.targetsOf([clone.id]);
    if (targets.some((t) => t.state !== 'success' && t.state !== 'failed')) return;
    const template = await tx.templates.findById(clone.templateId);
    const succeeded = targets.filter((t) => t.state === 'success').length;
    await this.deps.messages.tell(tx, { tenantId: clone.tenantId, userId: clone.userId }, 'clone_finished', {
      templateName: template?.name ?? '',
      succeeded,
      failed: targets.length - succeeded,
    });
  }

  /** Tells the clone's owner how one of its phones stands, on the live channel (DESIGN §10). */
  private publish(
    clone: CloneRow,
    target: CloneTargetRow,
    state: CloneTargetState,
    progress: number,
    reason: CloneFailureReason | null,
  ): void {
    const { userPhoneId } = target;
    this.deps.events.publish(clone.userId, {
      type: 'clone.target',
      cloneId: clone.id,
      userPhoneId,
      state,
      progress,
      reason,
    });
  }
}
