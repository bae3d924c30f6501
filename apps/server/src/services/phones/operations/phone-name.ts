import { numberedPhoneName } from '@cloudphone/contracts/phones';
import { callerLanguage } from '../../../http/caller-language';
import type { UserPhone } from '../../../repositories/user-phone.repository';

/** A phone's name as its viewer reads it: the one its owner gave, else its number in the caller's language. */
export function phoneNameOf(phone: Pick<UserPhone, 'name' | 'nameNo'>): string {
  return phone.nameNo === null ? phone.name : numberedPhoneName(phone.nameNo, callerLanguage());
}
