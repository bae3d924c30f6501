import type { HostPhoneState } from '@cloudphone/contracts/host-api';
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

  /** The phone's live locks now. */
  locks(instanceNo: string, now: number): HeldLock[] {
    const state = this.states.get(instanceNo);
    return state ? liveLocks(state.locks as HeldLock[], now) : [];
  }

  /**
   * The phones that follow `instanceNo` now: the other phones of its sync session, not paused, when
   * it is the session's main and `syncId` is that session's (issue 26). None otherwise.
   */
  followersOf(instanceNo: string, syncId: string | undefined, now: number): string[] {
    const place = this.states.get(instanceNo)?.sync;
    if (!syncId || !place?.main || place.syncId !== syncId || !this.inSync(instanceNo, syncId, now)) return [];
    const followers: string[] = [];
    for (const [other, state] of this.states)
      if (
        other !== instanceNo &&
        state.sync?.syncId === syncId &&
        !state.sync.paused &&
        this.inSync(other, syncId, now)
      )
        followers.push(other);
    return followers;
  }

  /** Whether the phone holds the session's live `syncing` lock (a lapsed session replays nothing). */
  private inSync(instanceNo: string, syncId: string, now: number): boolean {
    return this.locks(instanceNo, now).some((l) => l.kind === 'syncing' && l.holder === syncId);
  }

  version(instanceNo: string): number {
    return this.states.get(instanceNo)?.version ?? 0;
  }
}
