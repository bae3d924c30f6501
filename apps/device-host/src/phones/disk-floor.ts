import { statfs } from 'node:fs/promises';
import { Transform } from 'node:stream';

/** Free space the host keeps on its data folder's disk by default: 5 % (`HOST_DISK_RESERVE`). */
export const DEFAULT_DISK_RESERVE = 0.05;

/** How often a write looks at the disk again: a few MB past the floor is all concurrent writes can take. */
const LOOK_EVERY_BYTES = 4 * 1024 * 1024;

/** A write met the phone's room or the host's disk floor: nothing of it stays. */
export class NoRoom extends Error {
  constructor(readonly where: 'phone' | 'host') {
    super(where === 'phone' ? "the phone's storage is full" : "the host's disk is at its floor");
  }
}

/**
 * The disk of the host's data folder, which holds every tenant's phones (and, by default, the
 * database): no write takes its free space under `reserve` (a fraction of the disk). Before a write
 * is refused, `release` removes what no one holds (the blob cache's unheld files, oldest first).
 */
export class DiskFloor {
  constructor(
    private readonly dir: string,
    private readonly reserve: number,
    private readonly release: (bytes: number) => Promise<void> = async () => undefined,
  ) {}

  /** Bytes that may be written before free space falls under the reserve (negative under it). */
  async room(): Promise<number> {
    const disk = await statfs(this.dir);
    return disk.bavail * disk.bsize - disk.blocks * disk.bsize * this.reserve;
  }

  /** Whether `bytes` more fit, once what no one holds has been removed if they did not. */
  async fits(bytes: number): Promise<boolean> {
    if ((await this.room()) >= bytes) return true;
    await this.release(bytes);
    return (await this.room()) >= bytes;
  }

  /**
   * The count a write stream keeps (issue 47): bytes pass while they fit in `phoneRoom` and above the
   * floor; past either the stream fails with NoRoom, so the write stops mid-way and keeps nothing.
   */
  meter(phoneRoom = Infinity): Transform {
    let written = 0;
    let lookAt = 0;
    return new Transform({
      transform: (chunk: Buffer, _encoding, next) => {
        written += chunk.length;
        if (written > phoneRoom) return next(new NoRoom('phone'));
        if (written < lookAt) return next(null, chunk);
        lookAt = written + LOOK_EVERY_BYTES;
        this.fits(chunk.length).then(
          (fits) => next(fits ? null : new NoRoom('host'), fits ? chunk : undefined),
          (error: Error) => next(error),
        );
      },
    });
  }
}

/** `HOST_DISK_RESERVE`: a percentage of the disk (`5%`, `0.5%`) kept free; 5 % when unset. */
export function diskReserveFrom(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_DISK_RESERVE;
  const percent = /^(\d+(?:\.\d+)?)%?$/.exec(value.trim())?.[1];
  if (percent === undefined || Number(percent) >= 100)
    throw new Error(`HOST_DISK_RESERVE: "${value}" is not a percentage of the disk`);
  return Number(percent) / 100;
}
