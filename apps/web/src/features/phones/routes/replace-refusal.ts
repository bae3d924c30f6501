import { errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { REPLACE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import { PHONE_BUSY_KINDS, type PhoneBusyKind, type UserPhone } from '@cloudphone/contracts/phones';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { phoneRefusal } from '../../../lib/phone-rules';

/** The spec's refusal for each busy state (spec §8), as the server words it. */
const BUSY: Partial<Record<PhoneBusyKind, ErrorKey>> = { cloning: 'deviceCloning', syncing: 'deviceInSync' };

/**
 * Why a phone cannot be chosen for replacement, as far as the list tells (spec §6, §8): not the
 * user's own (granted to them), expired, or busy with another operation. The server decides finally.
 */
export function replaceRefusal(phone: UserPhone, now: number): string | null {
  const refused = phoneRefusal(phone, 'replace');
  if (refused) return errorMessage(refused, currentLanguage());
  if (phone.expireTime <= now) return errorMessage('deviceExpired', currentLanguage());
  const busy = PHONE_BUSY_KINDS.find((kind) => kind === phone.status);
  if (busy) return errorMessage(BUSY[busy] ?? 'deviceBusy', currentLanguage());
  return null;
}

/**
 * A choice of phones to replace held to spec §9's REPLACE_MAX_DEVICES at once: beyond it, the first
 * ones are kept and the user is told why.
 */
export function withinReplaceMax(userPhoneIds: readonly number[]): readonly number[] {
  if (userPhoneIds.length <= REPLACE_MAX_DEVICES) return userPhoneIds;
  notify(errorMessage('replaceTooMany', currentLanguage()), 'warning');
  return userPhoneIds.slice(0, REPLACE_MAX_DEVICES);
}
