import type { HostTaskKind } from '@cloudphone/contracts/host-api';
import type { TaskState } from '@cloudphone/contracts/sdk';

export type TaskKind = HostTaskKind;

/**
 * A long operation with an id (DESIGN §4). Its state follows from time: pending until it starts,
 * running until it finishes, then success — or failed with a reason, decided when it was made.
 */
export interface Task {
  id: string;
  instanceNo: string;
  kind: TaskKind;
  createdAt: number;
  startAt: number;
  finishAt: number;
  failedReason: string | null;
  /**
   * A task whose end is not known in advance (a push: fetching a file takes what it takes) keeps its
   * state and progress here as it goes; null for the tasks whose state follows from time.
   */
  state?: TaskState | null;
  progress?: number | null;
  /** The request that started it (JSON), so the host resumes it after a restart. */
  request?: string | null;
  /** The step a push is at: fetching its file, or installing it. */
  stage?: 'fetch' | 'install' | null;
}

/** A task of `kind` that starts `now`, expected to take its kind's time (`failedReason`: failed as asked for). */
export function newTask(
  id: string,
  instanceNo: string,
  kind: TaskKind,
  now: number,
  failedReason: string | null = null,
): Task {
  return { id, instanceNo, kind, createdAt: now, startAt: now, finishAt: now + TASK_DURATION_MS[kind], failedReason };
}

export function taskState(task: Task, now: number): TaskState {
  if (task.failedReason !== null) return 'failed';
  if (task.state) return task.state;
  if (now < task.startAt) return 'pending';
  if (now < task.finishAt) return 'running';
  return 'success';
}

/** How far a task has come, 0–100, as its time goes. */
export function taskProgress(task: Task, now: number): number {
  if (task.failedReason !== null || now <= task.startAt) return 0;
  if (now >= task.finishAt) return 100;
  return Math.floor(((now - task.startAt) / (task.finishAt - task.startAt)) * 100);
}

/** How long each operation takes: real durations, so users see the phone restart. */
export const TASK_DURATION_MS: Record<TaskKind, number> = {
  reboot: 4_000,
  reset: 6_000,
  'new-machine': 6_000,
  'set-resolution': 3_000,
  'set-model': 4_000,
  'set-root': 4_000,
  'install-apk': 2_000,
  'push-file': 500,
  // A push ends when its file is fetched and placed: its state is kept, not timed.
  push: 0,
  // Taking a phone's user data for a template, and putting it on a phone (which restarts with it).
  snapshot: 3_000,
  'apply-snapshot': 5_000,
  screenshot: 0,
};

/** Timed tasks whose progress users follow (templates, clones): told this often while they run. */
export const PROGRESS_TOLD: Partial<Record<TaskKind, number>> = { snapshot: 500, 'apply-snapshot': 500 };

/** A freshly created phone boots for this long. */
export const BOOT_MS = 3_000;
