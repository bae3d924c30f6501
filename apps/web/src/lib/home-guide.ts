import { storage, StorageKey } from './storage';

/** The home guide (issue 29) shows once per browser: home opens it until it is finished or skipped. */
export const homeGuideSeen = (): boolean => storage.get<boolean>(StorageKey.homeGuideSeen) === true;

export const markHomeGuideSeen = (): void => storage.set(StorageKey.homeGuideSeen, true);
