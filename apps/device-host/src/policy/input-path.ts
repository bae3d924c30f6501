import type { ErrorKey } from '@cloudphone/contracts/errors';
import {
  APP_INPUT_ACTION,
  lockRefusal,
  roleRefusal,
  STREAM_MESSAGE_ACTIONS,
  type PhoneAction,
} from '@cloudphone/contracts/phone-access';
import type { HostSyncFollowerEvent, HostSyncPeer } from '@cloudphone/contracts/host-api';
import { SYNC_LAG_MS, type SyncFollowerState } from '@cloudphone/contracts/sync';
import type { Clock } from '../clock';
import type { PhoneCapability, PhoneDriver } from '../drivers/phone-driver';
import type { InputSource, PhoneInput } from './phone-input';
import type { PhonePolicies } from './phone-policies';

/** What a driver must be able to do for each input. */
const INPUT_CAPABILITY: Record<PhoneInput['type'], PhoneCapability> = {
  tap: 'touch',
  longpress: 'touch',
  swipe: 'touch',
  touch: 'touch',
  scroll: 'touch',
  text: 'text',
  key: 'keys',
  rotate: 'rotate',
  'clipboard-set': 'clipboard',
  app: 'apps',
};

/** How a follower took the main's input. */
export interface FollowerResult {
  instanceNo: string;
  state: SyncFollowerState;
}

/** Sends the main's input on to the other hosts of its session (issue 32), without waiting. */
export type SyncForwarder = (syncId: string, peers: readonly HostSyncPeer[], input: PhoneInput) => void;

/**
 * The one input path of each phone (DESIGN §10, issue 20): streams, sync groups and ADB all hand
 * their input here, and it reaches the phone only if the access table lets the source's role do it
 * and the phone's locks let it through now. A refusal is returned as a catalogue key, for the caller
 * to tell its viewer — never dropped silently.
 */
export class InputPath {
  /** Each follower's last state, per session: only a change is told. */
  private readonly followerStates = new Map<string, SyncFollowerState>();

  constructor(
    private readonly fleet: PhoneDriver,
    private readonly policies: PhonePolicies,
    private readonly clock: Clock,
    /** Hears a follower's state change (the host's event stream tells the control plane). */
    private readonly onFollower: (event: HostSyncFollowerEvent) => void = () => undefined,
    /** Sends the main's input to followers on other hosts. */
    private readonly forward: SyncForwarder = () => undefined,
  ) {}

  /**
   * The phone's owner at the phone itself (ADB): on the main of a sync session, their input drives the
   * session, as the owner's key of that phone does (it carries the session).
   */
  owner(instanceNo: string): InputSource {
    return { role: 'owner', syncId: this.policies.sessionLedBy(instanceNo, this.clock.now()) };
  }

  /**
   * Why `source` may not do `action` on the phone now, or null. A follower's own views are told it
   * follows its main, so its owner can pause it (issue 54): it takes only the host's replay of the main.
   */
  refusal(instanceNo: string, source: InputSource, action: PhoneAction): ErrorKey | null {
    const now = this.clock.now();
    const refused =
      roleRefusal(source.role, action) ?? lockRefusal(action, this.policies.inputLocks(instanceNo, now), source.syncId);
    return refused === 'deviceInSync' && this.policies.following(instanceNo, now) ? 'syncFollowing' : refused;
  }

  /**
   * Applies the input to the phone, or says why not. Input on the main phone of a sync session that
   * carries the session's id is replayed on each of its followers (issue 26) — here on the host, not
   * through the browser — and sent on to the hosts of its followers elsewhere (issue 32). Coordinates
   * are fractions of the screen, so one gesture lands alike on phones of any resolution.
   */
  apply(instanceNo: string, source: InputSource, input: PhoneInput): ErrorKey | null {
    const refused = this.applyOne(instanceNo, source, input);
    if (refused) return refused;
    const { syncId } = source;
    if (!syncId) return null;
    const now = this.clock.now();
    const followers = this.policies.followersOf(instanceNo, syncId, now);
    for (const { instanceNo: follower, state } of this.replay(source, followers, input))
      this.tell(syncId, follower, state);
    const peers = this.policies.peersOf(instanceNo, syncId, now);
    if (peers.length > 0) this.forward(syncId, peers, input);
    return null;
  }

  /**
   * The main's input another host forwarded (issue 32), replayed on this host's followers of the
   * session; how each took it goes back to the main's host, which tells the control plane.
   */
  replayForwarded(syncId: string, input: PhoneInput): FollowerResult[] {
    // The session's key for this host stands for its owner, as the main's key does on the main's host.
    const source = { role: 'owner', syncId } as const;
    return this.replay(source, this.policies.followersHere(syncId, this.clock.now()), input);
  }

  /** A follower took the session's input differently than before: the control plane hears it. */
  tell(syncId: string, instanceNo: string, state: SyncFollowerState): void {
    const key = `${syncId}/${instanceNo}`;
    if (this.followerStates.get(key) === state) return;
    this.followerStates.set(key, state);
    this.onFollower({ syncId, instanceNo, state });
  }

  /** Replays the session's input on these followers: applied, late, or offline (not running to take it). */
  private replay(source: InputSource, followers: readonly string[], input: PhoneInput): FollowerResult[] {
    const started = performance.now();
    return followers.map((follower) => {
      const missed = this.applyOne(follower, source, input) !== null || this.fleet.get(follower)?.status() !== 'online';
      const late = performance.now() - started > SYNC_LAG_MS;
      return { instanceNo: follower, state: missed ? 'offline' : late ? 'lagging' : 'applied' };
    });
  }

  private applyOne(instanceNo: string, source: InputSource, input: PhoneInput): ErrorKey | null {
    const action = input.type === 'app' ? APP_INPUT_ACTION : STREAM_MESSAGE_ACTIONS[input.type];
    const refused = this.refusal(instanceNo, source, action);
    if (refused) return refused;
    const phone = this.fleet.get(instanceNo);
    if (!phone) return 'phoneNotFound';
    if (!this.fleet.capabilities.has(INPUT_CAPABILITY[input.type])) return 'capabilityMissing';
    switch (input.type) {
      case 'tap':
        phone.tap(input.x, input.y);
        break;
      case 'longpress':
        phone.longPress(input.x, input.y);
        break;
      case 'swipe':
        phone.swipe(input.y1, input.y2);
        break;
      case 'touch':
        phone.touch(input.action, input.id, input.x, input.y);
        break;
      case 'scroll':
        phone.scroll(input.dy);
        break;
      case 'text':
        phone.typeText(input.text);
        break;
      case 'key':
        phone.key(input.key);
        break;
      case 'rotate':
        phone.rotate(input.orientation);
        break;
      case 'clipboard-set':
        phone.setClipboard(input.text);
        break;
      case 'app':
        // A follower without the app has nothing to open or close.
        if (input.action === 'start') phone.openApp(input.packageName);
        else phone.closeApp(input.packageName);
        break;
    }
    return null;
  }
}
