import { readFile } from 'node:fs/promises';
import { hostSnapshotSchema } from '@cloudphone/contracts/host-api';
import { requireCapability, type PhoneDriver } from '../drivers/phone-driver';
import type { PushRunner } from './pushes';

/**
 * Snapshots moving between hosts (issue 21: through the control plane's blob store): the bytes a
 * snapshot leaves this host as, and one another host took kept here.
 */
export class SnapshotCopies {
  constructor(
    private readonly fleet: PhoneDriver,
    private readonly pushes: PushRunner,
  ) {}

  /** A snapshot as the bytes it moves between hosts in. */
  bytes(snapshotId: string): Buffer | undefined {
    requireCapability(this.fleet, 'snapshots');
    const snapshot = this.fleet.exportSnapshot(snapshotId);
    return snapshot && Buffer.from(JSON.stringify(snapshot));
  }

  /**
   * Keeps a snapshot another host took, fetched by its hash from the control plane's blob store
   * (`source`) into this host's cache, as pushed files are; once kept, asking again changes nothing.
   */
  async place(snapshotId: string, blob: { sha256: string; size: number; source: string }): Promise<void> {
    requireCapability(this.fleet, 'snapshots');
    if (this.fleet.snapshotInfo(snapshotId)) return;
    const file = await this.pushes.fetchFile(blob.sha256, blob.size, blob.source);
    const snapshot = hostSnapshotSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    if (snapshot.id !== snapshotId) throw new Error(`blob ${blob.sha256} holds snapshot ${snapshot.id}`);
    this.fleet.importSnapshot(snapshot);
  }
}
