import { DEFAULT_HOST_CAPACITY } from '@cloudphone/contracts/host-registry';

/** A host a new phone may go to: it is online and not draining. */
export interface PlacementCandidate {
  hostId: number;
  /** Phones it takes; null: no limit. */
  capacity: number | null;
  /** Phones on it now. */
  phones: number;
}

/** How full a host is; one without a capacity counts as `DEFAULT_HOST_CAPACITY` large. */
const loadOf = (host: PlacementCandidate) => host.phones / (host.capacity ?? DEFAULT_HOST_CAPACITY);

/**
 * Where each of `count` new phones goes (issue 32, DESIGN §8): one at a time to the least-loaded
 * host with room — the emptiest for its size, then the one with fewer phones, then the older — so a
 * batch spreads over hosts as it fills them. Undefined when the hosts have no room for them all.
 */
export function placePhones(candidates: readonly PlacementCandidate[], count: number): number[] | undefined {
  const hosts = candidates.map((host) => ({ ...host }));
  const chosen: number[] = [];
  for (let i = 0; i < count; i++) {
    const best = hosts
      .filter((host) => host.capacity === null || host.phones < host.capacity)
      .sort((a, b) => loadOf(a) - loadOf(b) || a.phones - b.phones || a.hostId - b.hostId)[0];
    if (!best) return undefined;
    best.phones++;
    chosen.push(best.hostId);
  }
  return chosen;
}
