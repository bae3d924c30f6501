import type { Endpoint } from '../endpoint';

/** /api/merchant/user: the signed-in user's own account. */

export const get = {
  method: 'GET',
  path: '/api/merchant/user/get',
  access: 'user',
  summary: 'The user info: nickname, avatar, mobile, userNo, registerTime, the language the account keeps',
  reply: (s) => s.userInfoSchema,
} satisfies Endpoint;

export const update = {
  method: 'PUT',
  path: '/api/merchant/user/update',
  access: 'user',
  summary: 'Change nickname (1–20 characters), avatar, or the language server-made text is written in',
  body: (s) => s.updateUserBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const getDataSaver = {
  method: 'GET',
  path: '/api/merchant/user/data-saver',
  access: 'user',
  summary: 'The data saver: the most kbps "auto" streams a phone at (null: none), and whether it is the tenant default',
  reply: (s) => s.dataSaverSchema,
} satisfies Endpoint;

export const setDataSaver = {
  method: 'PUT',
  path: '/api/merchant/user/data-saver',
  access: 'user',
  summary: 'Keep a data saver for this account (kbps, at least 128; null: none); streams opened after follow it',
  body: (s) => s.dataSaverBody,
  reply: (s) => s.dataSaverSchema,
} satisfies Endpoint;

export const updatePassword = {
  method: 'PUT',
  path: '/api/merchant/user/update-password',
  access: 'user',
  summary: 'Set or change the password; other sessions end',
  body: (s) => s.updatePasswordBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const resetPassword = {
  method: 'PUT',
  path: '/api/merchant/user/reset-password',
  access: 'tenant',
  summary: 'Reset a forgotten password with an SMS code (scene 3)',
  body: (s) => s.resetPasswordBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const unregister = {
  method: 'PUT',
  path: '/api/merchant/user/unregister',
  access: 'user',
  summary: 'Cancel the account, confirmed by an SMS code (scene 4)',
  body: (s) => s.unregisterBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const canChangeMobile = {
  method: 'PUT',
  path: '/api/merchant/user/can-change-mobile',
  access: 'user',
  summary: 'Whether the mobile may change now (once per 30 days)',
  reply: (s) => s.canChangeMobileSchema,
} satisfies Endpoint;

export const changeMobile = {
  method: 'PUT',
  path: '/api/merchant/user/change-mobile',
  access: 'user',
  summary: 'Bind a new mobile: the ticket from validate-sms-code, the new number and its code (scene 5)',
  body: (s) => s.changeMobileBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const loginDeviceList = {
  method: 'GET',
  path: '/api/merchant/user/login-device/list',
  access: 'user',
  summary: 'Devices where this account is logged in',
  reply: (s, z) => z.array(s.loginDeviceSchema),
} satisfies Endpoint;

export const loginDeviceSignOut = {
  method: 'PUT',
  path: '/api/merchant/user/login-device/sign-out',
  access: 'user',
  summary: 'Sign a login device out',
  body: (s) => s.signOutDeviceBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;
