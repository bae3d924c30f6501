import { readAccessKey } from '@cloudphone/contracts/access-key';
import type { AccessClaims } from '@cloudphone/contracts/sdk';
import type { Clock } from './clock';
import type { HostStore } from './store/host-store';

export type AccessRefusal = 'invalid' | 'expired' | 'revoked' | 'wrong-instance';

/**
 * Decides whether an access key opens an instance: a genuine signature, not expired, for this
 * instance, and not issued before its access was ended (DESIGN §4).
 */
export class AccessControl {
  private readonly revoked: { instanceNo: string; userId: number | null; before: number }[];

  constructor(
    private readonly hostKey: string,
    private readonly store: HostStore,
    private readonly clock: Clock,
  ) {
    this.revoked = store.revocations();
  }

  check(accessKey: string | undefined, instanceNo?: string): AccessClaims | AccessRefusal {
    const claims = accessKey ? readAccessKey(this.hostKey, accessKey) : undefined;
    if (!claims) return 'invalid';
    if (claims.e <= this.clock.now()) return 'expired';
    if (instanceNo !== undefined && claims.i !== instanceNo) return 'wrong-instance';
    if (this.isRevoked(claims)) return 'revoked';
    return claims;
  }

  isRevoked(claims: AccessClaims): boolean {
    return this.revoked.some(
      (r) => r.instanceNo === claims.i && (r.userId === null || r.userId === claims.u) && claims.n < r.before,
    );
  }

  revoke(instanceNo: string, userId: number | null, before = this.clock.now()): void {
    this.revoked.push({ instanceNo, userId, before });
    this.store.addRevocation(instanceNo, userId, before);
  }
}
