import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { Keys } from '../../security/keys';
import { TokenSigner } from '../../security/signed-token';
import { KeptReads } from '../../cluster/kept-reads';
import type { EndOfAccessService } from '../phones/access/end-of-access.service';
import type { PhoneGrantService } from '../phones/access/phone-grant.service';
import type { ServiceContext } from '../service-context';
import { AuthService } from './auth.service';
import { SessionChanges, type SessionStates } from './session-changes';
import { SmsCodeService } from './sms-code.service';
import { UserService } from './user.service';

/** Users and their sessions: sign-in, codes by SMS, their account and its end. */
export function createAccounts(
  { repos, clock, events, caches, throttle }: ServiceContext,
  deps: { keys: Keys; sms: SmsProvider; endOfAccess: EndOfAccessService; phoneGrants: PhoneGrantService },
) {
  const signer = new TokenSigner(deps.keys.tokenKey);
  const sessionStates: SessionStates = new KeptReads(caches, 'sessions');
  const sessionChanges = new SessionChanges(sessionStates, events);
  const smsCodes = new SmsCodeService({ repos, sms: deps.sms, clock, pepper: deps.keys.tokenKey, throttle });
  return {
    smsCodes,
    auth: new AuthService({ repos, smsCodes, signer, clock, throttle, sessionStates, sessionChanges }),
    users: new UserService({
      repos,
      smsCodes,
      signer,
      clock,
      endOfAccess: deps.endOfAccess,
      phoneGrants: deps.phoneGrants,
      sessionChanges,
    }),
  };
}
