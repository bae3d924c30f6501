import { ADB_OPERATION_ACTIONS, type AdbOperation } from '@cloudphone/contracts/adb';
import { errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { SYNC_MAIN_UNNAMED } from '@cloudphone/contracts/sync';
import type { HostServices } from '../drivers/phone-driver';
import type { PhoneInput } from '../policy/phone-input';
import type { AdbCaller } from './driver';
import { WriteHold } from './write-hold';

/**
 * A phone as an adb service of its owner reaches it, whatever daemon serves it — our emulated one or
 * a device's own behind the relay (issue 61): every change asks the host's own paths — the access
 * table and the phone's locks, the per-phone input path, a `pushing` hold for writes, the control
 * plane's power decision for a reboot — so ADB meets the rules the phone view meets.
 */
export class AdbGate {
  constructor(
    protected readonly host: HostServices,
    readonly instanceNo: string,
    protected readonly caller: AdbCaller,
  ) {}

  /**
   * Why the phone refuses `operation` now (its text in English, adb's language), or null: the access
   * table's line for it, and the phone's locks. Asked once per command, service or request, by the
   * table that declares what each asks — never by a command itself (issue 53).
   */
  refusalOf(operation: AdbOperation): string | null {
    const key = this.host.input.refusal(this.instanceNo, this.owner(), ADB_OPERATION_ACTIONS[operation]);
    return key && adbMessage(key);
  }

  /** Touch, keys, text and apps, through the phone's input path: the refusal's text, or null once applied. */
  input(input: PhoneInput): string | null {
    const key = this.host.input.apply(this.instanceNo, this.owner(), input);
    return key && adbMessage(key);
  }

  /**
   * Holds the phone for a write that takes time (a push, an install): a `pushing` lock asked of the
   * control plane (`WriteHold`), or the refusal's text.
   */
  async holdForWrite(): Promise<WriteHold | string> {
    const held = await WriteHold.take(this.host.lock(), this.caller, this.instanceNo, () => this.host.clock.now());
    return typeof held === 'string' ? adbMessage(held) : held;
  }

  /**
   * Restarts the phone if the control plane's power decision allows it (its policy, the client's
   * switches, the throttle, as for the SDK's reboot; its locks were the table's to check): the refusal's
   * text, or null once restarting. The phone's adb sessions end with the restart, as a handset's do.
   */
  async reboot(): Promise<string | null> {
    const power = this.host.power();
    const { accessKey } = this.caller;
    if (!power || !accessKey) return adbMessage('deviceNotConnected');
    const decision = await power({ accessKey, instanceNo: this.instanceNo, action: 'restart' }).catch(
      (): { refused: ErrorKey } => ({ refused: 'systemException' }),
    );
    if ('refused' in decision) return adbMessage(decision.refused);
    // The reply goes out first; then the connections drop, as a handset's do when it goes down.
    setTimeout(() => this.host.disconnectAdb(this.instanceNo), 100).unref();
    return null;
  }

  /** The owner at the phone: on a sync session's main, their input drives the session. */
  private owner() {
    return this.host.input.owner(this.instanceNo);
  }
}

/** A refusal as adb says it. A follower's names its main (syncFollowing): ADB cannot, by the name its owner gave it. */
export const adbMessage = (key: ErrorKey) => errorMessage(key, 'en-US', SYNC_MAIN_UNNAMED['en-US']);
