import { z } from 'zod';
import { LANGUAGES } from '@cloudphone/contracts/locale';
import { SNAPSHOT_ID_PATTERN } from '@cloudphone/contracts/templates';
import type { UserData } from './phone-state';

/**
 * A snapshot of a phone's user data kept by the host (issue 15): what a clone template is on the
 * host. The control plane names it, so asking twice (after a crash) keeps one; it can be applied to
 * any phone of the same Android version, and copied to another host as it is.
 */
export interface Snapshot {
  id: string;
  /** The phone it was taken from. */
  instanceNo: string;
  /** The Android version of that phone: a snapshot applies only to phones of the same version. */
  android: string;
  createdAt: number;
  size: number;
  data: UserData;
}

/** What the host tells of a snapshot without its data. */
export type SnapshotInfo = Omit<Snapshot, 'data'>;

export function snapshotInfo(snapshot: Snapshot): SnapshotInfo {
  const { id, instanceNo, android, createdAt, size } = snapshot;
  return { id, instanceNo, android, createdAt, size };
}

/** A snapshot as another host sends it, checked before it is kept. */
export const snapshotSchema: z.ZodType<Snapshot> = z.object({
  id: z.string().regex(SNAPSHOT_ID_PATTERN),
  instanceNo: z.string(),
  android: z.string(),
  createdAt: z.number().int(),
  size: z.number().int().min(0),
  data: z.object({
    apps: z.array(
      z.object({
        packageName: z.string(),
        label: z.string(),
        versionName: z.string(),
        icon: z.string(),
        size: z.number().int().optional(),
        installedAt: z.number().int(),
      }),
    ),
    files: z.array(z.object({ name: z.string(), size: z.number().int(), time: z.number().int() })),
    notes: z.string(),
    clipboard: z.string(),
    language: z.enum(LANGUAGES),
    gamePlayedMs: z.number().int().min(0),
  }),
});
