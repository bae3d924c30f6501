import { requireCapability } from '../../hosts/capabilities';
import { randomBytes, randomUUID } from 'node:crypto';
import { DAY_MS } from '@cloudphone/contracts/commerce';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { Template, TemplateState } from '@cloudphone/contracts/templates';
import type { LiveEventBus } from '../../../events/live-event-bus';
import { AppError } from '../../app-error';
import type { BlobStore } from '../../../providers/blob-store/blob-store';
import type { DeviceHostClient } from '../../../providers/device-hosts/device-host-client';
import type { RepositoriesOf } from '../../../repositories/index';
import type { HostTaskRecord } from '../../../repositories/host-task.repository';
import type { TemplateRow } from '../../../repositories/template.repository';
import type { AuthUser } from '../../accounts/auth.service';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import { resultOf, type HostTaskService } from './host-task.service';
import type { PhoneAccessService, PhoneGate } from '../access/phone-access.service';
import { phoneNameOf } from '../operations/phone-name';
import type { QuotaService } from '../../tenancy/quota.service';

/** The job that finishes templates being made, expires them, and removes their snapshots from hosts. */
export const TEMPLATES_JOB = 'templates.advance';

/** A template whose host never took its snapshot within this time fails (its host is gone). */
const CREATE_TIMEOUT_MS = 10 * 60_000;

/** States in which a template counts against `template.user.max` (spec §9). */
const LIVE: readonly TemplateState[] = ['creating', 'ready'];

/** Who holds a phone's `templating` lock while its snapshot is taken. */
const holderOf = (snapshotId: string) => `template:${snapshotId}`;

const placeOf = (userId: number) => ({ key: 'template.user.max' as const, subject: `user:${userId}` });

/**
 * Clone templates (spec §1, §3, §4, issue 15): a snapshot of one phone's user data its host keeps.
 * Made crash-safe as phones are: the row (with the snapshot's and the host task's ids) commits
 * first, the host takes the snapshot after, and the job asks again until it has — so a template is
 * made once however often the server or the host restart. The job also expires templates and
 * removes the snapshots of those gone.
 */
export class TemplateService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'clones' | 'templates' | 'userPhones'>;
      access: PhoneAccessService;
      quotas: QuotaService;
      functions: FunctionGate;
      hosts: DeviceHostsService;
      events: LiveEventBus;
      clock: Clock;
      tasks: HostTaskService;
      blobs: BlobStore;
    },
  ) {
    // The host tells how a snapshot goes (DESIGN §10): the template moves on, and its owner sees it, at once.
    deps.tasks.register(['snapshot'], {
      onMove: (task) => this.onTask(task),
      restart: async (task) => {
        const template = await this.deps.repos.templates.findByTaskId(task.taskId);
        if (template?.state === 'creating') await this.start(template);
      },
    });
  }

  /** spec §1 "make templates": of a phone the user owns (not granted, not busy), within the limits of §9. */
  async create(gate: PhoneGate, userPhoneId: number, name: string): Promise<{ templateId: number }> {
    const { auth } = gate;
    await this.deps.functions.require(auth, 'template_button');
    const source = (await gate.check(userPhoneId)).phone;
    const described = await this.deps.hosts
      .client(source.deviceHostId)
      ?.describe([source.instanceNo])
      .catch(() => undefined);
    const info = described?.get(source.instanceNo);
    if (!info) throw new AppError('deviceNotConnected');
    requireCapability(info, 'snapshots');
    const template = await this.deps.repos.transaction(async (tx) => {
      const { phone } = await gate.check(userPhoneId, tx);
      const snapshotId = `tpl-${randomBytes(8).toString('hex')}`;
      // The phone holds still while its snapshot is taken (issue 20): no reset, new machine or grant meanwhile.
      await this.deps.access.lock(tx, [phone.id], 'templating', holderOf(snapshotId), CREATE_TIMEOUT_MS);
      const place = placeOf(auth.userId);
      await this.deps.quotas.hold(tx, auth.tenantId, { ...place, error: 'templateLimit' });
      await this.deps.quotas.take(tx, auth.tenantId, [
        { key: 'template.day.count', subject: place.subject, windowMs: DAY_MS, error: 'templateDayLimit' },
      ]);
      const days = await this.deps.quotas.limit(auth.tenantId, 'template.expire.days', tx);
      const now = this.deps.clock.now();
      const taskId = randomUUID();
      await this.deps.tasks.track(taskId, 'snapshot', phone, tx);
      return tx.templates.create({
        tenantId: auth.tenantId,
        userId: auth.userId,
        name,
        userPhoneId: phone.id,
        deviceHostId: phone.deviceHostId,
        instanceNo: phone.instanceNo,
        snapshotId,
        taskId,
        android: info.android,
        state: 'creating',
        createdAt: now,
        expireAt: now + days * DAY_MS,
      });
    });
    // After the commit the host takes the snapshot; when it cannot now, the task model asks it again.
    await this.start(template).catch(() => undefined);
    return { templateId: template.id };
  }

  async page(
    auth: AuthUser,
    query: { pageNo: number; pageSize: number },
  ): Promise<{ list: Template[]; total: number }> {
    const { list, total } = await this.deps.repos.templates.page(auth.userId, query.pageNo, query.pageSize);
    const phones = await this.deps.repos.userPhones.findByIds(list.map((t) => t.userPhoneId));
    const now = this.deps.clock.now();
    return {
      list: list.map((t) => {
        const phone = phones.find((p) => p.id === t.userPhoneId);
        return {
          templateId: t.id,
          name: t.name,
          state: t.state,
          progress: t.progress,
          size: t.size,
          createTime: t.createdAt,
          expireTime: t.expireAt,
          daysLeft: LIVE.includes(t.state) ? Math.max(0, Math.ceil((t.expireAt - now) / DAY_MS)) : 0,
          android: t.android,
          userPhoneId: t.userPhoneId,
          phoneName: phone ? phoneNameOf(phone) : '',
        };
      }),
      total,
    };
  }

  /** Deletes a template (spec §4 deleting → removed); refused while a clone is putting it on a phone. */
  async delete(auth: AuthUser, templateId: number): Promise<void> {
    await this.deps.functions.require(auth, 'template_button');
    const deleting = await this.deps.repos.transaction(async (tx) => {
      const template = await this.own(auth, templateId, tx);
      if (template.state === 'deleting' || template.state === 'removed') return null;
      // The conditional write takes the row first: a clone claiming it meanwhile waits, or is seen below.
      if (!(await tx.templates.transition(template.id, [template.state], 'deleting'))) throw new AppError('conflict');
      if (await tx.clones.templateInFlight(template.id)) throw new AppError('templateInUse');
      if (LIVE.includes(template.state))
        await this.deps.quotas.free(tx, 'template.user.max', placeOf(auth.userId).subject);
      return template;
    });
    if (deleting) this.publish(deleting, 'deleting');
  }

  /** The user's template, ready and unexpired, for a clone; or why it cannot be cloned. */
  async usable(auth: AuthUser, templateId: number): Promise<TemplateRow> {
    const template = await this.own(auth, templateId);
    if (template.state === 'expired' || template.expireAt <= this.deps.clock.now())
      throw new AppError('templateExpired');
    if (template.state !== 'ready') throw new AppError('templateNotReady');
    return template;
  }

  /**
   * The job: templates whose days ran out expire (their place freed); one being made past its time
   * fails, and one whose snapshot ended while its host could not be read is finished from the task's
   * record; the snapshots of templates gone leave their hosts once no clone uses them.
   */
  async advance(): Promise<void> {
    let failure: unknown;
    const attempt = (work: Promise<unknown>) => work.catch((error: unknown) => void (failure ??= error));
    for (const template of await this.deps.repos.templates.endedBy(this.deps.clock.now()))
      await attempt(this.end(template, 'expired'));
    for (const template of await this.deps.repos.templates.inState(['creating']))
      await attempt(this.followCreating(template));
    for (const template of await this.deps.repos.templates.unpurged()) await attempt(this.purge(template));
    if (failure) throw failure;
  }

  private async own(auth: AuthUser, templateId: number, tx = this.deps.repos): Promise<TemplateRow> {
    const template = await tx.templates.findById(templateId);
    if (!template || template.userId !== auth.userId || template.state === 'removed')
      throw new AppError('templateNotFound');
    return template;
  }

  /** Asks the phone's host to take the snapshot under the template's task id; asking twice is harmless. */
  private async start(template: TemplateRow): Promise<void> {
    const client = this.deps.hosts.client(template.deviceHostId);
    if (client) await client.snapshot(template.instanceNo, template.snapshotId, template.taskId);
  }

  /** A template being made: a task that ended is applied (again, harmlessly); past its time it fails. */
  private async followCreating(template: TemplateRow): Promise<void> {
    const task = await this.deps.tasks.find(template.taskId);
    if (task?.state === 'success' || task?.state === 'failed') return this.onTask(task);
    if (this.deps.clock.now() - template.createdAt >= CREATE_TIMEOUT_MS) await this.end(template, 'create_fail');
  }

  private async onTask(task: HostTaskRecord): Promise<void> {
    const template = await this.deps.repos.templates.findByTaskId(task.taskId);
    const client = this.deps.hosts.client(task.deviceHostId);
    if (template?.state !== 'creating' || template.deviceHostId !== task.deviceHostId || !client) return;
    await this.apply(template, client, resultOf(task));
  }

  /** What the host says of the snapshot, as the template's state (spec §4: creating → ready | create fail). */
  private async apply(
    template: TemplateRow,
    client: DeviceHostClient,
    result: Pick<TaskResult, 'status' | 'progress' | 'reason'>,
  ): Promise<void> {
    if (result.status === 'failed') return this.end(template, 'create_fail');
    if (result.status === 'success') {
      const size = (await client.snapshotInfo(template.snapshotId))?.size ?? 0;
      const ready = await this.deps.repos.transaction(async (tx) => {
        if (!(await tx.templates.transition(template.id, ['creating'], 'ready', { progress: 100, size }))) return false;
        await this.deps.access.unlock([template.userPhoneId], holderOf(template.snapshotId), tx);
        return true;
      });
      if (ready) this.publish(template, 'ready', 100);
      return;
    }
    const progress = result.progress ?? 0;
    if (progress === template.progress) return;
    if (await this.deps.repos.templates.transition(template.id, ['creating'], 'creating', { progress }))
      this.publish(template, 'creating', progress);
  }

  /** A live template ends (failed or expired): its place is free again, once. */
  private async end(template: TemplateRow, to: 'create_fail' | 'expired'): Promise<void> {
    const ended = await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.templates.transition(template.id, LIVE, to))) return false;
      await this.deps.quotas.free(tx, 'template.user.max', placeOf(template.userId).subject);
      await this.deps.access.unlock([template.userPhoneId], holderOf(template.snapshotId), tx);
      return true;
    });
    if (ended) this.publish(template, to);
  }

  /**
   * Removes a gone template's snapshot from every host this server drives (clones may have copied
   * it to theirs), unless a clone is still putting it on a phone; a deleted template is then removed.
   */
  private async purge(template: TemplateRow): Promise<void> {
    if (await this.deps.repos.clones.templateInFlight(template.id)) return;
    for (const client of this.deps.hosts.all()) await client.deleteSnapshot(template.snapshotId);
    if (template.snapshotBlob) await this.deps.blobs.remove(template.snapshotBlob.sha256);
    const removed = await this.deps.repos.transaction(async (tx) => {
      await tx.templates.markPurged(template.id, this.deps.clock.now());
      return tx.templates.transition(template.id, ['deleting'], 'removed');
    });
    if (removed) this.publish(template, 'removed');
  }

  /** Tells the template's owner where it stands, on the live channel (DESIGN §10). */
  private publish(template: TemplateRow, state: TemplateState, progress = template.progress): void {
    this.deps.events.publish(template.userId, { type: 'template', templateId: template.id, state, progress });
  }
}
