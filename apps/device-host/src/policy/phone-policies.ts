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

  version(instanceNo: string): number {
    return this.states.get(instanceNo)?.version ?? 0;
  }
}
