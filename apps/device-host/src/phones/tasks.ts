import type { TaskState } from '@cloudphone/contracts/sdk';

export type TaskKind =
  'reboot' | 'reset' | 'new-machine' | 'set-resolution' | 'set-model' | 'set-root' | 'install-apk' | 'push-file';

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
}

export function taskState(task: Task, now: number): TaskState {
  if (task.failedReason !== null) return 'failed';
  if (now < task.startAt) return 'pending';
  if (now < task.finishAt) return 'running';
  return 'success';
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
};

/** A freshly created phone boots for this long. */
export const BOOT_MS = 3_000;
