import type { HostPhoneState, HostSyncPeer } from '@cloudphone/contracts/host-api';
import { liveLocks, type HeldLock } from '@cloudphone/contracts/phone-access';
import type { HostStore } from '../store/host-store';

/**
 * The locks the control plane told for each phone of this host (DESIGN §10: the delivery to hosts).
 * Each phone's state comes whole with a version that only grows: an older or repeated message
 * changes nothing, so deliveries may come twice or out of order. Kept in the host's store, so a
 * restarted host refuses input on a locked phone before the control plane has told it again.
 */
export class PhonePolicies {
  private readonly states = new Map<string, HostPhoneState>();

  constructor(private readonly store: HostStore) {
    for (const state of store.loadPolicies()) this.states.set(state.instanceNo, state);
  }

  /** Applies a phone's state when it is newer than the one held; whether it was. */
  apply(state: HostPhoneState): boolean {
    const held = this.states.get(state.instanceNo);
    if (held && held.version >= state.version) return false;
    this.states.set(state.instanceNo, state);
    this.store.savePolicy(state);
    return true;
  }

  /** Every phone's state as last told. */
  held(): HostPhoneState[] {
    return [...this.states.values()];
  }

  /**
   * Its owner lost the phone (a revocation): its ADB endpoint stays closed, after a restart too, until
   * a later state opens one for whoever holds it now.
   */
  endAdb(instanceNo: string): void {
    const state = this.states.get(instanceNo);
    if (!state?.adb) return;
    const ended = { ...state, adb: null };
    this.states.set(instanceNo, ended);
    this.store.savePolicy(ended);
  }

  /** The phone's live locks now. */
  locks(instanceNo: string, now: number): HeldLock[] {
    const state = this.states.get(instanceNo);
    return state ? liveLocks(state.locks as HeldLock[], now) : [];
  }

  /**
   * The locks the phone's own input meets now: a follower paused in its sync session is its owner's
   * again (issue 54), so that session's lock no longer holds its own views; the main no longer reaches it.
   */
  inputLocks(instanceNo: string, now: number): HeldLock[] {
    const place = this.states.get(instanceNo)?.sync;
    const locks = this.locks(instanceNo, now);
    if (!place?.paused || place.main) return locks;
    return locks.filter((l) => !(l.kind === 'syncing' && l.holder === place.syncId));
  }

  /**
   * The phones that follow `instanceNo` now on this host: the other phones of its sync session, not
   * paused, when it is the session's main and `syncId` is that session's (issue 26). None otherwise.
   */
  followersOf(instanceNo: string, syncId: string | undefined, now: number): string[] {
    if (!syncId || !this.isMain(instanceNo, syncId, now)) return [];
    return this.followersHere(syncId, now);
  }

  /** The other hosts holding followers of the session `instanceNo` is the main of (issue 32). None otherwise. */
  peersOf(instanceNo: string, syncId: string | undefined, now: number): HostSyncPeer[] {
    if (!syncId || !this.isMain(instanceNo, syncId, now)) return [];
    return this.states.get(instanceNo)?.sync?.peers ?? [];
  }

  /** This host's phones that follow the session now: not its main, not paused, holding its live lock. */
  followersHere(syncId: string, now: number): string[] {
    const followers: string[] = [];
    for (const [instanceNo, { sync }] of this.states)
      if (sync?.syncId === syncId && !sync.main && !sync.paused && this.inSync(instanceNo, syncId, now))
        followers.push(instanceNo);
    return followers;
  }

  /** Whether the phone follows a sync session's main now (not paused): its own views do not drive it. */
  following(instanceNo: string, now: number): boolean {
    const place = this.states.get(instanceNo)?.sync;
    return !!place && !place.main && !place.paused && this.inSync(instanceNo, place.syncId, now);
  }

  /** The sync session the phone is the live main of now, if any. */
  sessionLedBy(instanceNo: string, now: number): string | undefined {
    const place = this.states.get(instanceNo)?.sync;
    return place && this.isMain(instanceNo, place.syncId, now) ? place.syncId : undefined;
  }

  private isMain(instanceNo: string, syncId: string, now: number): boolean {
    const place = this.states.get(instanceNo)?.sync;
    return place?.main === true && place.syncId === syncId && this.inSync(instanceNo, syncId, now);
  }

  /** Whether the phone holds the session's live `syncing` lock (a lapsed session replays nothing). */
  private inSync(instanceNo: string, syncId: string, now: number): boolean {
    return this.locks(instanceNo, now).some((l) => l.kind === 'syncing' && l.holder === syncId);
  }

  version(instanceNo: string): number {
    return this.states.get(instanceNo)?.version ?? 0;
  }
}
