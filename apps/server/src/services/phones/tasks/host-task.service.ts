import type { HostTaskEvent, HostTaskKind } from '@cloudphone/contracts/host-api';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { LiveEventBus } from '../../../events/live-event-bus';
import type { HostTaskRecord, TaskProgress } from '../../../repositories/host-task.repository';
import type { RepositoriesOf } from '../../../repositories/index';
import type { Clock } from '../../clock';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { HostEvents } from '../../hosts/host-events';
import type { DeviceHostClient } from '../../../providers/device-hosts/device-host-client';

/** The job that asks hosts about tasks gone quiet (a host restarted, an event was lost). */
export const RECOVER_HOST_TASKS_JOB = 'host-tasks.recover';
/** A task its host has said nothing of for this long is asked after. */
const QUIET_MS = 15_000;

/** What a feature does with its tasks (templates, clones, pushes, new machines, power operations). */
/** A task's record as the result its feature applies: how it stands, how far, and why it failed. */
export const resultOf = (task: HostTaskRecord): Pick<TaskResult, 'status' | 'progress' | 'reason'> => ({
  status: task.state,
  progress: task.progress,
  reason: task.reason ?? undefined,
});

export interface TaskFollower {
  /** The task moved on: the feature acts on it (a template is ready, a phone's lock goes). */
  onMove(task: HostTaskRecord): Promise<void>;
  /**
   * Its host has no such task — it restarted, or never got the call: ask it again under the same id,
   * which the host runs once. A kind without one has failed when its host loses it.
   */
  restart?(task: HostTaskRecord): Promise<void>;
}

/** What a task lost by its host, with no one to start it again, ends with. */
const LOST = 'lost';

/** A phone a task runs on. */
interface TaskPhone {
  id: number;
  deviceHostId: number;
  instanceNo: string;
}

/**
 * One task model (issue 21, DESIGN §10): every host task the server starts is recorded before its
 * host is asked, and moved on by the one consumer of the hosts' task events — once per change, so a
 * second delivery (or a second API node) changes nothing. Everyone who may watch the phone hears it
 * live; the feature the task belongs to (templates, clones, pushes, new machines, power operations)
 * acts on it through the follower it registered for its kind. This is the only place that asks a
 * host where a task stands — after a reconnect, or when a task has gone quiet — and the only place
 * that starts again a task its host lost; features keep only their own deadlines (issue 51).
 */
export class HostTaskService {
  private readonly followers = new Map<HostTaskKind, TaskFollower[]>();

  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'hostTasks' | 'phoneGrants' | 'userPhones'>;
      hosts: DeviceHostsService;
      hostEvents: HostEvents;
      events: LiveEventBus;
      clock: Clock;
    },
  ) {
    deps.hostEvents.onTaskEvent((_hostId, event) => void this.hear(event).catch(() => undefined));
    // A host that (re)connects is asked about every task of it still open: what ended meanwhile is heard.
    deps.hostEvents.onStateWanted((hostId) => void this.recover(hostId, this.deps.clock.now()).catch(() => undefined));
  }

  /** Records a task (in the unit of work `tx` that decides it), before its host is asked. */
  async track(taskId: string, kind: HostTaskKind, phone: TaskPhone, tx = this.deps.repos): Promise<void> {
    await tx.hostTasks.add({
      taskId,
      kind,
      userPhoneId: phone.id,
      deviceHostId: phone.deviceHostId,
      instanceNo: phone.instanceNo,
      state: 'pending',
      progress: 0,
      createdAt: this.deps.clock.now(),
    });
  }

  /** How a feature follows its tasks of these kinds. */
  register(kinds: readonly HostTaskKind[], follower: TaskFollower): void {
    for (const kind of kinds) this.followers.set(kind, [...(this.followers.get(kind) ?? []), follower]);
  }

  /** The task as the server last heard it (read from the table; no host is asked). */
  find(taskId: string): Promise<HostTaskRecord | undefined> {
    return this.deps.repos.hostTasks.find(taskId);
  }

  /** A host told of a task: its record moves on once, its watchers hear it, its feature acts. */
  async hear(event: HostTaskEvent): Promise<HostTaskRecord | undefined> {
    return this.moveOn(event.taskId, {
      state: event.state,
      progress: event.progress,
      stage: event.stage ?? null,
      reason: event.reason ?? null,
    });
  }

  /**
   * Asks hosts about the open tasks they have been quiet about (of one host, when named): what a host
   * tells moves the task on; a task its host does not know is started again, once per quiet spell.
   */
  async recover(hostId?: number, quietSince = this.deps.clock.now() - QUIET_MS): Promise<number> {
    let asked = 0;
    for (const task of await this.deps.repos.hostTasks.quiet(quietSince, hostId)) {
      await this.follow(task).catch(() => undefined);
      asked++;
    }
    return asked;
  }

  private async follow(task: HostTaskRecord): Promise<void> {
    const client = this.deps.hosts.client(task.deviceHostId);
    if (!client) return;
    const told = await this.askHost(client, task);
    if (told) {
      await this.moveOn(task.taskId, told);
      return;
    }
    // One node, one sweep restarts it: the claim is a conditional write of the quiet record.
    if (!(await this.deps.repos.hostTasks.touch(task.taskId, task.updatedAt, this.deps.clock.now()))) return;
    const followers = this.followers.get(task.kind) ?? [];
    const restarts = followers.flatMap((f) => (f.restart ? [f.restart.bind(f)] : []));
    if (restarts.length === 0) {
      await this.moveOn(task.taskId, { state: 'failed', progress: task.progress, reason: LOST });
      return;
    }
    for (const restart of restarts) await restart(task);
    // Where it stands now, without waiting for its first event (hearing that too changes nothing).
    const restarted = await this.askHost(client, task);
    if (restarted) await this.moveOn(task.taskId, restarted);
  }

  /** Where the host says the task stands, or undefined when it has none of it. */
  private async askHost(client: DeviceHostClient, task: HostTaskRecord): Promise<TaskProgress | undefined> {
    if (task.kind === 'push') {
      const told = await client.pushTask(task.taskId);
      return (
        told && { state: told.state, progress: told.progress, stage: told.stage ?? null, reason: told.reason ?? null }
      );
    }
    const told = await client.task(task.taskId);
    return told && { state: told.status, progress: told.progress ?? 0, reason: told.reason ?? null };
  }

  private async moveOn(taskId: string, next: TaskProgress): Promise<HostTaskRecord | undefined> {
    const moved = await this.deps.repos.hostTasks.advance(taskId, next, this.deps.clock.now());
    if (!moved) return undefined;
    // The feature acts first (a new machine's record ends), so what its watchers read then is current.
    for (const follower of this.followers.get(moved.kind) ?? []) await follower.onMove(moved).catch(() => undefined);
    await this.tellWatchers(moved);
    return moved;
  }

  /** The phone's owner and those it is granted to hear how its task goes. */
  private async tellWatchers(task: HostTaskRecord): Promise<void> {
    const phone = await this.deps.repos.userPhones.findById(task.userPhoneId);
    if (!phone) return;
    const grantees = (await this.deps.repos.phoneGrants.liveOfPhone(phone.id)).flatMap((g) =>
      g.granteeId === null ? [] : [g.granteeId],
    );
    for (const userId of [phone.userId, ...grantees])
      this.deps.events.publish(userId, {
        type: 'phone.task',
        taskId: task.taskId,
        kind: task.kind,
        userPhoneId: task.userPhoneId,
        state: task.state,
        progress: task.progress,
      });
  }
}
