import type { EndpointGroup } from './endpoint';

/** /api/merchant/client: what a client number stands for, asked before any tenant is known. */
export const client = {
  getClientSecureData: {
    method: 'GET',
    path: '/api/merchant/client/get-client-secure-data',
    access: 'public',
    summary: 'Tenant, client and platform of a client number',
    query: (s) => s.clientNoQuery,
    reply: (s) => s.clientSecureDataSchema,
  },
  getAboutApp: {
    method: 'GET',
    path: '/api/merchant/client/get-about-app',
    access: 'public',
    summary: 'Name, logo, theme and agreements of a client',
    query: (s) => s.clientNoQuery,
    reply: (s) => s.aboutAppSchema,
  },
} satisfies EndpointGroup;

/** /api/merchant/client-function: the features this client offers. */
export const clientFunction = {
  list: {
    method: 'GET',
    path: '/api/merchant/client-function/list',
    access: 'tenant',
    summary: 'Enabled function entries of the calling client',
    query: (s) => s.functionListQuery,
    reply: (s, z) => z.array(s.clientFunctionSchema),
  },
} satisfies EndpointGroup;

/** /api/merchant/config: the tenant's business limits. */
export const merchantConfig = {
  getKeys: {
    method: 'GET',
    path: '/api/merchant/config/getKeys',
    access: 'tenant',
    summary: 'Values of limit keys (unknown keys are left out)',
    query: (s) => s.configKeysQuery,
    reply: (s) => s.configValuesSchema,
  },
} satisfies EndpointGroup;

/** /api/merchant/customer-service */
export const customerService = {
  get: {
    method: 'GET',
    path: '/api/merchant/customer-service/get',
    access: 'tenant',
    summary: "The client's customer-service contact",
    reply: (s) => s.customerServiceSchema,
  },
} satisfies EndpointGroup;

/** /api/merchant/auth: logging in and out (spec §7, DESIGN §3). */
export const auth = {
  sendSmsCode: {
    method: 'POST',
    path: '/api/merchant/auth/send-sms-code',
    access: 'tenant',
    summary: 'Send a verification code (scene 1 login, 3 reset password, 5 bind new mobile)',
    body: (s) => s.sendSmsCodeBody,
    reply: (_, z) => z.null(),
  },
  sendSmsCodeLogging: {
    method: 'POST',
    path: '/api/merchant/auth/send-sms-code-logging',
    access: 'user',
    summary: "Send a code to the signed-in user's own mobile (scene 2, 3 or 4)",
    body: (s) => s.sendSmsCodeLoggingBody,
    reply: (_, z) => z.null(),
  },
  smsLogin: {
    method: 'POST',
    path: '/api/merchant/auth/sms-login',
    access: 'tenant',
    summary: 'Log in with an SMS code; an unknown mobile is registered',
    body: (s) => s.smsLoginBody,
    reply: (s) => s.tokenPairSchema,
  },
  login: {
    method: 'POST',
    path: '/api/merchant/auth/login',
    access: 'tenant',
    summary: 'Log in with mobile and password',
    body: (s) => s.passwordLoginBody,
    reply: (s) => s.tokenPairSchema,
  },
  refreshToken: {
    method: 'POST',
    path: '/api/merchant/auth/refresh-token',
    access: 'public',
    summary: 'Exchange a refresh token for a new pair (body, or the query form)',
    body: (s) => s.refreshTokenBody.partial(),
    query: (s) => s.refreshTokenBody.partial(),
    reply: (s) => s.tokenPairSchema,
  },
  logout: {
    method: 'POST',
    path: '/api/merchant/auth/logout',
    access: 'user',
    summary: 'End this login session',
    reply: (_, z) => z.null(),
  },
  validateAuthCode: {
    method: 'GET',
    path: '/api/merchant/auth/validate-auth-code',
    access: 'tenant',
    summary: 'Exchange a one-time code issued by the merchant for tokens',
    query: (s) => s.validateAuthCodeQuery,
    reply: (s) => s.tokenPairSchema,
  },
  validateSmsCode: {
    method: 'POST',
    path: '/api/merchant/auth/validate-sms-code',
    access: 'user',
    summary: "Confirm the code sent to the user's own mobile (scene 2); the ticket proves it to change-mobile",
    body: (s) => s.validateSmsCodeBody,
    reply: (s) => s.smsTicketSchema,
  },
  oneClickLogin: {
    method: 'POST',
    path: '/api/merchant/auth/one-click-login',
    access: 'tenant',
    summary: "One-click login through the carrier (answers 'not configured' until a carrier provider is set)",
    reply: (s) => s.tokenPairSchema,
  },
} satisfies EndpointGroup;

/** /api/merchant/user: the signed-in user's own account. */
export const user = {
  get: {
    method: 'GET',
    path: '/api/merchant/user/get',
    access: 'user',
    summary: 'The user info: nickname, avatar, mobile, userNo, registerTime, the language the account keeps',
    reply: (s) => s.userInfoSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/merchant/user/update',
    access: 'user',
    summary: 'Change nickname (1–20 characters), avatar, or the language server-made text is written in',
    body: (s) => s.updateUserBody,
    reply: (_, z) => z.null(),
  },
  updatePassword: {
    method: 'PUT',
    path: '/api/merchant/user/update-password',
    access: 'user',
    summary: 'Set or change the password; other sessions end',
    body: (s) => s.updatePasswordBody,
    reply: (_, z) => z.null(),
  },
  resetPassword: {
    method: 'PUT',
    path: '/api/merchant/user/reset-password',
    access: 'tenant',
    summary: 'Reset a forgotten password with an SMS code (scene 3)',
    body: (s) => s.resetPasswordBody,
    reply: (_, z) => z.null(),
  },
  unregister: {
    method: 'PUT',
    path: '/api/merchant/user/unregister',
    access: 'user',
    summary: 'Cancel the account, confirmed by an SMS code (scene 4)',
    body: (s) => s.unregisterBody,
    reply: (_, z) => z.null(),
  },
  canChangeMobile: {
    method: 'PUT',
    path: '/api/merchant/user/can-change-mobile',
    access: 'user',
    summary: 'Whether the mobile may change now (once per 30 days)',
    reply: (s) => s.canChangeMobileSchema,
  },
  changeMobile: {
    method: 'PUT',
    path: '/api/merchant/user/change-mobile',
    access: 'user',
    summary: 'Bind a new mobile: the ticket from validate-sms-code, the new number and its code (scene 5)',
    body: (s) => s.changeMobileBody,
    reply: (_, z) => z.null(),
  },
  loginDeviceList: {
    method: 'GET',
    path: '/api/merchant/user/login-device/list',
    access: 'user',
    summary: 'Devices where this account is logged in',
    reply: (s, z) => z.array(s.loginDeviceSchema),
  },
  loginDeviceSignOut: {
    method: 'PUT',
    path: '/api/merchant/user/login-device/sign-out',
    access: 'user',
    summary: 'Sign a login device out',
    body: (s) => s.signOutDeviceBody,
    reply: (_, z) => z.null(),
  },
} satisfies EndpointGroup;
