import { readAccessKey } from '@cloudphone/contracts/access-key';
import type { PhoneRole } from '@cloudphone/contracts/phone-access';
import type { AccessClaims } from '@cloudphone/contracts/sdk';
import type { Clock } from '../clock';
import type { HostStore } from '../store/host-store';

/** The holder's role a key carries; a key issued before roles were carried goes by its permission. */
export const roleOf = (claims: AccessClaims): PhoneRole => claims.r ?? (claims.p === 'control' ? 'control' : 'view');

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

  /** Keys issued before `before` are refused from now on; told twice, it is kept once. */
  revoke(instanceNo: string, userId: number | null, before = this.clock.now()): void {
    const known = this.revoked.some((r) => r.instanceNo === instanceNo && r.userId === userId && r.before === before);
    if (known) return;
    this.revoked.push({ instanceNo, userId, before });
    this.store.addRevocation(instanceNo, userId, before);
  }
}
