import type { Repositories, RepositoriesOf } from '../../../repositories/index';
import type { Clock } from '../../clock';
import { closesAdb, type HostDeliveryService } from '../../hosts/host-delivery.service';
import type { PhonePolicyCache } from './phone-policy-cache';

/** Why access to a phone ended; kept with the revocation for the operator. */
export type AccessEndReason =
  | 'refund'
  | 'transfer'
  | 'grant_revoked'
  | 'grant_ended'
  | 'replacement'
  | 'owner_reset'
  | 'account_cancelled'
  | 'account_disabled';

/**
 * The one end of access (DESIGN §10): whatever ends a user's access to a phone — a refund, a
 * transfer, a grant taken back, a replacement, an account cancelled, its owner's reset — records it
 * here, in the same unit of work as the change when there is one. Any process may record (the admin
 * CLI too); the delivery to hosts carries each to the phone's host, which closes the streams of
 * earlier keys and refuses those keys, within a second. Expiry needs no record: every key ends with
 * the phone's time and the host closes it then.
 */
export class EndOfAccessService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'hostOutbox' | 'userPhones'>;
      delivery: HostDeliveryService;
      clock: Clock;
      /** What lists show of grants: an end of access drops it once committed. */
      kept: PhonePolicyCache;
    },
  ) {}

  /**
   * Ends access to a phone now: everyone's keys, or only `userId`'s (a grantee). Pass `tx` to make
   * it part of a larger change; it reaches the host once that commits. An `owner_reset` closes the
   * streams of earlier keys but leaves the keys (and grants) good: their viewers reconnect.
   */
  async revoke(
    userPhoneId: number,
    reason: AccessEndReason,
    options: { userId?: number; tx?: Repositories } = {},
  ): Promise<void> {
    const record = async (tx: Repositories) => {
      const phone = await tx.userPhones.findById(userPhoneId);
      if (!phone) return;
      await tx.hostOutbox.add({
        kind: 'revoke',
        userPhoneId,
        deviceHostId: phone.deviceHostId,
        instanceNo: phone.instanceNo,
        userId: options.userId ?? null,
        reason,
        at: this.deps.clock.now(),
      });
      tx.afterCommit(() => this.deps.kept.accessEnded(userPhoneId, options.userId ?? null));
      if (closesAdb({ userId: options.userId ?? null, reason })) await this.deps.delivery.closeAdb(tx, [userPhoneId]);
      this.deps.delivery.deliverSoon(tx);
    };
    await (options.tx ? record(options.tx) : this.deps.repos.transaction(record));
  }

  /**
   * When these phones' time ends moved (a renewal, a refunded renewal) in `tx`: what their hosts keep
   * open until then — an ADB endpoint (issue 35) — lasts until the new end.
   */
  endMoved(tx: Repositories, userPhoneIds: readonly number[]): Promise<void> {
    return this.deps.delivery.adbChanged(tx, userPhoneIds);
  }

  /** Delivers what waits for the hosts now (a transfer waits for its revocations to land). */
  deliverPending(): Promise<number> {
    return this.deps.delivery.deliverPending();
  }
}
