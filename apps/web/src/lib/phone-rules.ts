import {
  LOCK_STATUS,
  lockRefusal,
  PHONE_LOCK_KIND_NAMES,
  PHONE_LOCK_KINDS,
  roleAllows,
  roleRefusal,
  type PhoneAction,
  type PhoneLockKind,
} from '@cloudphone/contracts/phone-access';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { phoneCan } from '@cloudphone/contracts/phone-capabilities';

/**
 * The exclusive lock a phone's list status says it is held by (`LOCK_STATUS` read backwards), if any.
 * A phone in sync is left out: its main drives the session, and only the host tells main from follower.
 */
const LOCK_OF_STATUS = new Map<string, PhoneLockKind>(
  PHONE_LOCK_KIND_NAMES.flatMap((kind) =>
    LOCK_STATUS[kind] && PHONE_LOCK_KINDS[kind] === 'exclusive' ? [[LOCK_STATUS[kind], kind] as const] : [],
  ),
);

/**
 * Why the user may not do `action` with the phone now (a catalogue key, in the reader's own role), or
 * null: the one place the web asks (issue 54), from the same access table the server and the host
 * decide by (contracts/phone-access, DESIGN §10) — the role the user holds it in, and what its list
 * status says it is busy with. Every tool, menu, picker and batch operation on phones is shown by it;
 * the server still decides each call.
 */
export function phoneRefusal(
  phone: Pick<UserPhone, 'role' | 'status' | 'lacks'>,
  action: PhoneAction,
): ErrorKey | null {
  const kind = LOCK_OF_STATUS.get(phone.status);
  const locks = kind ? [{ kind, holder: '', expiresAt: Number.POSITIVE_INFINITY }] : [];
  if (!phoneCan(phone.lacks, action)) return 'capabilityMissing';
  return roleRefusal(phone.role, action) ?? lockRefusal(action, locks);
}

/**
 * Whether the user's role lets them do `action` with the phone at all, and its driver can (issue 61: a
 * handset has no reset, new machine or templates), whatever it is busy with: what a picker lists (it
 * says why a busy one cannot be chosen) and what a phone's tools offer.
 */
export const holdsFor = (phone: Pick<UserPhone, 'role' | 'lacks'>, action: PhoneAction): boolean =>
  roleAllows(phone.role, action) && phoneCan(phone.lacks, action);

/** Whether the user may do `action` with the phone now (`phoneRefusal`). */
export const phoneAllows = (phone: Pick<UserPhone, 'role' | 'status' | 'lacks'>, action: PhoneAction): boolean =>
  phoneRefusal(phone, action) === null;

/** Whether the phone is granted to the user rather than their own: every list and picker marks it. */
export const isGranted = (phone: Pick<UserPhone, 'role'>): boolean => phone.role !== 'owner';

/**
 * Until when the user holds the phone — the time left lists and pickers show (issue 55): a granted
 * phone's grant end (never past the phone's own expiry), one's own phone's expiry.
 */
export const heldUntil = (phone: Pick<UserPhone, 'expireTime' | 'grantEndTime'>): number =>
  phone.grantEndTime === null ? phone.expireTime : Math.min(phone.grantEndTime, phone.expireTime);
