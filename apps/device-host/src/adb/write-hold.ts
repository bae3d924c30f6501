import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { HostLockReply, HostLockRequest } from '@cloudphone/contracts/host-api';
import type { AdbCaller } from './driver';

/**
 * How long an ADB write's lock lasts unrenewed: a write whose host died frees its phone this late at
 * most. Bytes flowing renew it every third of that.
 */
export const ADB_WRITE_LOCK_MS = 30_000;

/** The control plane's lock call (`SERVER_API.lock`). */
export type LockCall = (request: HostLockRequest) => Promise<HostLockReply | { refused: ErrorKey }>;

/**
 * An ADB write's hold on its phone (issue 53): a `pushing` lock asked of the control plane in the
 * name of the endpoint's key holder — holder `adb:<connection>` — so a template, a reset or a
 * transfer waits for the bytes to land, as they wait for a push from the phone view. It is renewed
 * while bytes flow (`touch`) and released when the write ends, or its connection drops.
 */
export class WriteHold {
  private renewedAt: number;
  private renewing = false;

  private constructor(
    private readonly lock: LockCall,
    private readonly request: Omit<HostLockRequest, 'action'>,
    private readonly now: () => number,
  ) {
    this.renewedAt = now();
  }

  /** Takes the lock; the refusal's key when the control plane says no, or cannot be asked. */
  static async take(
    lock: LockCall | undefined,
    caller: AdbCaller,
    instanceNo: string,
    now: () => number,
  ): Promise<WriteHold | ErrorKey> {
    if (!lock || !caller.accessKey) return 'deviceNotConnected';
    const request = {
      accessKey: caller.accessKey,
      instanceNo,
      kind: 'pushing',
      holder: `adb:${caller.connection}`,
      ttlMs: ADB_WRITE_LOCK_MS,
    } as const;
    const taken = await lock({ ...request, action: 'take' }).catch((): { refused: ErrorKey } => ({
      refused: 'systemException',
    }));
    return 'refused' in taken ? taken.refused : new WriteHold(lock, request, now);
  }

  /** Bytes flowed: the lock is renewed once a third of its time has passed (a failed renewal tries again). */
  touch(): void {
    if (this.renewing || this.now() - this.renewedAt < ADB_WRITE_LOCK_MS / 3) return;
    this.renewing = true;
    this.lock({ ...this.request, action: 'renew' })
      .then((reply) => {
        if (!('refused' in reply)) this.renewedAt = this.now();
      })
      .catch(() => undefined)
      .finally(() => (this.renewing = false));
  }

  /** The write ended: the phone is free for what waits on it (an unreachable server lets the lock lapse). */
  async release(): Promise<void> {
    await this.lock({ ...this.request, action: 'release' }).catch(() => undefined);
  }
}
