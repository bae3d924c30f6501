import type { JobRunner } from '../jobs/job-runner';
import type { Repositories } from '../repositories/index';
import type { Clock } from './clock';
import type { DeviceHostsService } from './device-hosts.service';

/** Why access to a phone ended; kept with the revocation for the operator. */
export type AccessEndReason = 'refund' | 'transfer' | 'grant_revoked' | 'grant_ended' | 'replacement' | 'owner_reset';

/** The job that carries revocations to their hosts. */
export const DELIVER_REVOCATIONS_JOB = 'access.deliver-revocations';

/**
 * The one end of access (DESIGN §10): whatever ends a user's access to a phone — a refund, a
 * transfer, a grant taken back, a replacement — records it here, in the same unit of work as the
 * change when there is one. Any process may record (the admin CLI too); the server's job delivers
 * each to the phone's host, which closes the streams of earlier keys and refuses those keys, within
 * a second. Expiry needs no record: every key ends with the phone's time and the host closes it then.
 */
export class EndOfAccessService {
  constructor(
    private readonly repos: Repositories,
    private readonly hosts: DeviceHostsService,
    private readonly jobs: JobRunner,
    private readonly clock: Clock,
  ) {}

  /**
   * Ends access to a phone now: everyone's keys, or only `userId`'s (a grantee). Pass `tx` to make
   * it part of a larger change; it reaches the host once that commits.
   */
  async revoke(
    userPhoneId: number,
    reason: AccessEndReason,
    options: { userId?: number; tx?: Repositories } = {},
  ): Promise<void> {
    const repos = options.tx ?? this.repos;
    const phone = await repos.userPhones.findById(userPhoneId);
    if (!phone) return;
    await repos.accessRevocations.add({
      userPhoneId,
      deviceHostId: phone.deviceHostId,
      instanceNo: phone.instanceNo,
      userId: options.userId ?? null,
      reason,
      at: this.clock.now(),
    });
    // The job must see the record: in a unit of work, it is asked for once that commits.
    repos.afterCommit(() => this.jobs.trigger(DELIVER_REVOCATIONS_JOB));
  }

  /**
   * Delivers recorded revocations to the hosts this process drives; one whose host is unreachable
   * waits for the next run. Returns how many were delivered.
   */
  async deliverPending(): Promise<number> {
    let delivered = 0;
    for (const revocation of await this.repos.accessRevocations.pending()) {
      const client = this.hosts.client(revocation.deviceHostId);
      const reached =
        client &&
        (await client
          .revoke(
            revocation.instanceNo,
            revocation.userId,
            revocation.at,
            // Viewers of a replaced phone reconnect to its new instance; others lost their access.
            revocation.reason === 'replacement' ? 'replaced' : 'revoked',
          )
          .then(
            () => true,
            () => false,
          ));
      if (!reached) continue;
      await this.repos.accessRevocations.markDelivered(revocation.id, this.clock.now());
      delivered++;
    }
    return delivered;
  }
}
