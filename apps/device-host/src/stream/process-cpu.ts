import { readFileSync } from 'node:fs';

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture it runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a child process has used so far, from Linux's `/proc`; undefined where
 * there is no `/proc` or the process has gone.
 */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The name in brackets may hold spaces: the fields are counted from after it (utime is 14th, stime 15th).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
