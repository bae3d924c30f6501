import { randomUUID } from 'node:crypto';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import type { Clock } from '../../clock';
import { newTask, PROGRESS_TOLD, taskProgress, taskState, type Task, type TaskKind } from '../../phones/tasks';
import type { HostStore } from '../../store/host-store';

/**
 * The virtual phones' long operations (DESIGN §4): each a task of the store that lasts as long as its
 * kind does on a handset, told to listeners as it starts, as its progress goes (templates, clones) and
 * as it ends. The control plane names a task: asked again with its id, the host answers the task it has.
 */
export class TimedTasks {
  private readonly listeners = new Set<(event: HostTaskEvent) => void>();
  /** The timers of the tasks under way: their progress told as it goes, and their end. */
  private readonly endings = new Set<NodeJS.Timeout>();

  constructor(
    private readonly store: HostStore,
    private readonly clock: Clock,
  ) {}

  /** The task the control plane named `taskId`, when this host already has it. */
  known(taskId: string | undefined): Task | undefined {
    return taskId === undefined ? undefined : this.store.task(taskId);
  }

  /** A task that starts now, or (`failedReason`) one that failed as it was asked for. */
  start(instanceNo: string, kind: TaskKind, failedReason: string | null = null, id: string = randomUUID()): Task {
    const now = this.clock.now();
    const task = newTask(id, instanceNo, kind, now, failedReason);
    this.store.saveTask(task);
    this.tell(task, failedReason ? 'failed' : 'running');
    if (!failedReason) this.follow(task, now);
    return task;
  }

  result(id: string): TaskResult | undefined {
    const task = this.store.task(id);
    if (!task) return undefined;
    const now = this.clock.now();
    return {
      taskId: task.id,
      status: taskState(task, now),
      progress: taskProgress(task, now),
      ...(task.failedReason ? { reason: task.failedReason } : {}),
    };
  }

  subscribe(listener: (event: HostTaskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The host is closing: no more task events. */
  close(): void {
    for (const ending of this.endings) clearTimeout(ending);
    this.endings.clear();
  }

  /** Progress users follow is told as it goes, then the end when its time is up (DESIGN §10). */
  private follow(task: Task, now: number): void {
    const every = PROGRESS_TOLD[task.kind];
    const ticking = every ? setInterval(() => this.tellNow(task), every) : undefined;
    if (ticking) this.endings.add(ticking.unref());
    const ending = setTimeout(() => {
      if (ticking) {
        clearInterval(ticking);
        this.endings.delete(ticking);
      }
      this.endings.delete(ending);
      this.tellNow(task);
    }, task.finishAt - now);
    ending.unref();
    this.endings.add(ending);
  }

  /** Tells a task as its clock has it (a test's clock may lag the timers). */
  private tellNow(task: Task): void {
    const state = taskState(task, this.clock.now());
    this.tell(task, state === 'pending' ? 'running' : state);
  }

  private tell(task: Task, state: 'running' | 'success' | 'failed'): void {
    const event: HostTaskEvent = {
      taskId: task.id,
      kind: task.kind,
      instanceNo: task.instanceNo,
      state,
      progress: state === 'success' ? 100 : taskProgress(task, this.clock.now()),
      ...(task.failedReason ? { reason: task.failedReason } : {}),
    };
    for (const listener of this.listeners) listener(event);
  }
}
