import type { HostSnapshot, HostSnapshotInfo } from '@cloudphone/contracts/host-api';

/**
 * A snapshot of a phone's user data kept by the host (issue 15): what a clone template is on the
 * host. Its shape is the host contract's (`hostSnapshotSchema`), as it moves between hosts.
 */
export type Snapshot = HostSnapshot;
export type SnapshotInfo = HostSnapshotInfo;

export function snapshotInfo(snapshot: Snapshot): SnapshotInfo {
  const { id, instanceNo, android, createdAt, size } = snapshot;
  return { id, instanceNo, android, createdAt, size };
}
