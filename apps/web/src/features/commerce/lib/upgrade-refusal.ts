import type { UserPhone } from '@cloudphone/contracts/phones';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import { phoneRefusal } from '../../../lib/phone-rules';

/**
 * Why a phone cannot be upgraded, as far as the list tells (spec §6, §8). A trial phone can be chosen:
 * the upgrade then says it needs renewing first and offers the renewal.
 */
export function upgradeRefusal(phone: UserPhone): string | null {
  const refused = phoneRefusal(phone, 'upgrade');
  if (refused) return errorMessage(refused, currentLanguage());
  if (phone.expireTime <= Date.now()) return errorMessage('upgradeTooLittleTime', currentLanguage());
  return null;
}
