import type { UserInfo } from '@cloudphone/contracts/auth';
import { storage, StorageKey } from './storage';

/**
 * The home guide (issue 29) shows once: home opens it until the account has been through it (issue 55:
 * it is remembered with the account, so another browser does not show it again) or this browser has.
 */
export const homeGuideSeen = (account: Pick<UserInfo, 'homeGuideSeen'> | null): boolean =>
  account?.homeGuideSeen === true || storage.get<boolean>(StorageKey.homeGuideSeen) === true;

export const markHomeGuideSeen = (): void => storage.set(StorageKey.homeGuideSeen, true);
