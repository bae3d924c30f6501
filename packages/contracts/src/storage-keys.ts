/** Browser storage keys of spec §3, exactly as named there. */
export const StorageKey = {
  token: 'token',
  refreshToken: 'refreshToken',
  userInfo: 'userInfo',
  aboutAppData: 'aboutAppData',
  clientNo: 'clientNo',
  tenantId: 'tenantId',
  clientId: 'clientId',
  language: 'language',
  allPermissionList: 'allPermissionList',
  allowedFunctionList: 'allowedFunctionList',
  firstAgreementData: 'firstAgreementData',
  secondAgreementData: 'secondAgreementData',
  deviceAuthorization: 'deviceAuthorization',
  currentGoInDevice: 'currentGoInDevice',
  lostTime: 'lostTime',
  reloadTimes: 'reloadTimes',
  hasInDeviceIds: 'hasInDeviceIds',
  lastExpireTipDate: 'lastExpireTipDate',
  hasExpireReminded: 'hasExpireReminded',
  /** The browser fingerprint id, sent as the `device-id` header. */
  cuid: 'cuid',
  /** Ours (issue 29): the home guide was seen on this browser, so it shows once. */
  homeGuideSeen: 'homeGuideSeen',
  /** Ours (issue 62): the console's signed-in operator and its token, apart from any customer's. */
  consoleSession: 'consoleSession',
} as const;
export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/** What logout clears (spec §4). The clientNo is kept. */
export const LOGOUT_CLEARED_KEYS: readonly StorageKeyName[] = [
  StorageKey.token,
  StorageKey.refreshToken,
  StorageKey.userInfo,
  StorageKey.aboutAppData,
  StorageKey.firstAgreementData,
  StorageKey.secondAgreementData,
  StorageKey.deviceAuthorization,
  StorageKey.currentGoInDevice,
  StorageKey.lostTime,
  StorageKey.reloadTimes,
  StorageKey.hasInDeviceIds,
  StorageKey.lastExpireTipDate,
  StorageKey.hasExpireReminded,
  StorageKey.allPermissionList,
];

/** What a change of client number clears: all stored login data, and the old tenant's identity. */
export const CLIENT_CHANGE_CLEARED_KEYS: readonly StorageKeyName[] = [
  ...LOGOUT_CLEARED_KEYS,
  StorageKey.tenantId,
  StorageKey.clientId,
  StorageKey.allowedFunctionList,
];
