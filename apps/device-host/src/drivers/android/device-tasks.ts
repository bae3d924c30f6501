import { randomUUID } from 'node:crypto';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { TaskResult } from '@cloudphone/contracts/sdk';
import { newTask, taskProgress, taskState, type Task, type TaskKind } from '../../phones/tasks';

/**
 * A device's long operations (issue 61: a restart) as tasks the control plane names: running from the
 * ask until the device says it is back — not for a handset's assumed duration — then told as ended.
 * Asked again with its id, the same task.
 */
export class DeviceTasks {
  private readonly tasks = new Map<string, Task>();
  private readonly listeners = new Set<(event: HostTaskEvent) => void>();

  constructor(private readonly now: () => number) {}

  /** The task named `id` (a new one, running, unless the host has it already). */
  start(instanceNo: string, kind: TaskKind, id: string = randomUUID()): { task: Task; known: boolean } {
    const known = this.tasks.get(id);
    if (known) return { task: known, known: true };
    const task: Task = { ...newTask(id, instanceNo, kind, this.now()), state: 'running', progress: 0 };
    this.tasks.set(id, task);
    this.tell(task);
    return { task, known: false };
  }

  /** The task ended: success, or failed with `reason`. */
  finish(id: string, reason: string | null = null): void {
    const task = this.tasks.get(id);
    if (!task || task.state !== 'running') return;
    Object.assign(task, {
      state: reason ? 'failed' : 'success',
      failedReason: reason,
      progress: 100,
      finishAt: this.now(),
    });
    this.tell(task);
  }

  result(id: string): TaskResult | undefined {
    const task = this.tasks.get(id);
    if (!task) return undefined;
    const now = this.now();
    return {
      taskId: task.id,
      status: taskState(task, now),
      progress: task.progress ?? taskProgress(task, now),
      ...(task.failedReason ? { reason: task.failedReason } : {}),
    };
  }

  subscribe(listener: (event: HostTaskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(task: Task): void {
    const state = task.state === 'success' || task.state === 'failed' ? task.state : 'running';
    const event: HostTaskEvent = {
      taskId: task.id,
      kind: task.kind,
      instanceNo: task.instanceNo,
      state,
      progress: task.progress ?? 0,
      ...(task.failedReason ? { reason: task.failedReason } : {}),
    };
    for (const listener of this.listeners) listener(event);
  }
}
