import type { HostTaskEvent, HostTaskKind } from '@cloudphone/contracts/host-api';
import type { LiveEventBus } from '../events/live-event-bus';
import type { HostTaskRecord, TaskProgress } from '../repositories/host-task.repository';
import type { RepositoriesOf } from '../repositories/index';
import type { Clock } from './clock';
import type { DeviceHostsService } from './device-hosts.service';

/** The job that asks hosts about tasks gone quiet (a host restarted, an event was lost). */
export const RECOVER_HOST_TASKS_JOB = 'host-tasks.recover';
/** A task its host has said nothing of for this long is asked after. */
const QUIET_MS = 15_000;

type TaskHandler = (task: HostTaskRecord) => Promise<void>;

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
 * acts on it through the handler it registered for its kind. This is the only place that asks a
 * host where a task stands: after a reconnect, or when a task has gone quiet.
 */
export class HostTaskService {
  private readonly handlers = new Map<HostTaskKind, TaskHandler[]>();

  constructor(
    private readonly repos: RepositoriesOf<'hostTasks' | 'phoneGrants' | 'userPhones'>,
    private readonly hosts: DeviceHostsService,
    private readonly events: LiveEventBus,
    private readonly clock: Clock,
  ) {
    hosts.onTaskEvent((_hostId, event) => void this.hear(event).catch(() => undefined));
    // A host that (re)connects is asked about every task of it still open: what ended meanwhile is heard.
    hosts.onStateWanted((hostId) => void this.recover(hostId, this.clock.now()).catch(() => undefined));
  }

  /** Records a task (in the unit of work `tx` that decides it), before its host is asked. */
  async track(taskId: string, kind: HostTaskKind, phone: TaskPhone, tx = this.repos): Promise<void> {
    await tx.hostTasks.add({
      taskId,
      kind,
      userPhoneId: phone.id,
      deviceHostId: phone.deviceHostId,
      instanceNo: phone.instanceNo,
      state: 'pending',
      progress: 0,
      createdAt: this.clock.now(),
    });
  }

  /** What a feature does when a task of these kinds moves on. */
  on(kinds: readonly HostTaskKind[], handler: TaskHandler): void {
    for (const kind of kinds) this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), handler]);
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
   * Asks the task's host where it stands and hears the answer; `unknown` when the host has none of
   * it (it was never asked, or lost it), for the feature to ask it again under the same id.
   */
  async ask(taskId: string): Promise<HostTaskRecord | 'unknown' | undefined> {
    const task = await this.repos.hostTasks.find(taskId);
    const client = task && this.hosts.client(task.deviceHostId);
    if (!task || !client) return undefined;
    const told =
      task.kind === 'push'
        ? await client.pushTask(taskId)
        : await client.task(taskId).then((r) => r && { ...r, state: r.status, progress: r.progress ?? 0 });
    if (!told) return 'unknown';
    return (
      (await this.moveOn(taskId, {
        state: told.state,
        progress: told.progress,
        stage: 'stage' in told ? (told.stage ?? null) : null,
        reason: told.reason ?? null,
      })) ?? (await this.repos.hostTasks.find(taskId))
    );
  }

  /** Asks hosts about the open tasks they have been quiet about (of one host, when named). */
  async recover(hostId?: number, quietSince = this.clock.now() - QUIET_MS): Promise<number> {
    let asked = 0;
    for (const task of await this.repos.hostTasks.quiet(quietSince, hostId)) {
      await this.ask(task.taskId).catch(() => undefined);
      asked++;
    }
    return asked;
  }

  private async moveOn(taskId: string, next: TaskProgress): Promise<HostTaskRecord | undefined> {
    const moved = await this.repos.hostTasks.advance(taskId, next, this.clock.now());
    if (!moved) return undefined;
    // The feature acts first (a new machine's record ends), so what its watchers read then is current.
    for (const handle of this.handlers.get(moved.kind) ?? []) await handle(moved).catch(() => undefined);
    await this.tellWatchers(moved);
    return moved;
  }

  /** The phone's owner and those it is granted to hear how its task goes. */
  private async tellWatchers(task: HostTaskRecord): Promise<void> {
    const phone = await this.repos.userPhones.findById(task.userPhoneId);
    if (!phone) return;
    const grantees = (await this.repos.phoneGrants.liveOfPhone(phone.id)).flatMap((g) =>
      g.granteeId === null ? [] : [g.granteeId],
    );
    for (const userId of [phone.userId, ...grantees])
      this.events.publish(userId, {
        type: 'phone.task',
        taskId: task.taskId,
        kind: task.kind,
        userPhoneId: task.userPhoneId,
        state: task.state,
        progress: task.progress,
      });
  }
}
