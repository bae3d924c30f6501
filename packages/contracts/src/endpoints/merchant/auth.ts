import type { Endpoint } from '../endpoint';

/** /api/merchant/auth: logging in and out (spec §7, DESIGN §3). */

export const sendSmsCode = {
  method: 'POST',
  path: '/api/merchant/auth/send-sms-code',
  access: 'tenant',
  summary: 'Send a verification code (scene 1 login, 3 reset password, 5 bind new mobile)',
  body: (s) => s.sendSmsCodeBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const sendSmsCodeLogging = {
  method: 'POST',
  path: '/api/merchant/auth/send-sms-code-logging',
  access: 'user',
  summary: "Send a code to the signed-in user's own mobile (scene 2, 3 or 4)",
  body: (s) => s.sendSmsCodeLoggingBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const smsLogin = {
  method: 'POST',
  path: '/api/merchant/auth/sms-login',
  access: 'tenant',
  summary: 'Log in with an SMS code; an unknown mobile is registered',
  body: (s) => s.smsLoginBody,
  reply: (s) => s.tokenPairSchema,
} satisfies Endpoint;

export const login = {
  method: 'POST',
  path: '/api/merchant/auth/login',
  access: 'tenant',
  summary: 'Log in with mobile and password',
  body: (s) => s.passwordLoginBody,
  reply: (s) => s.tokenPairSchema,
} satisfies Endpoint;

export const refreshToken = {
  method: 'POST',
  path: '/api/merchant/auth/refresh-token',
  access: 'public',
  summary: 'Exchange a refresh token for a new pair (body, or the query form)',
  body: (s) => s.refreshTokenBody.partial(),
  query: (s) => s.refreshTokenBody.partial(),
  reply: (s) => s.tokenPairSchema,
} satisfies Endpoint;

export const logout = {
  method: 'POST',
  path: '/api/merchant/auth/logout',
  access: 'user',
  summary: 'End this login session',
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const validateAuthCode = {
  method: 'GET',
  path: '/api/merchant/auth/validate-auth-code',
  access: 'tenant',
  summary: 'Exchange a one-time code issued by the merchant for tokens',
  query: (s) => s.validateAuthCodeQuery,
  reply: (s) => s.tokenPairSchema,
} satisfies Endpoint;

export const validateSmsCode = {
  method: 'POST',
  path: '/api/merchant/auth/validate-sms-code',
  access: 'user',
  summary: "Confirm the code sent to the user's own mobile (scene 2); the ticket proves it to change-mobile",
  body: (s) => s.validateSmsCodeBody,
  reply: (s) => s.smsTicketSchema,
} satisfies Endpoint;

export const oneClickLogin = {
  method: 'POST',
  path: '/api/merchant/auth/one-click-login',
  access: 'tenant',
  summary: "One-click login through the carrier (answers 'not configured' until a carrier provider is set)",
  reply: (s) => s.tokenPairSchema,
} satisfies Endpoint;
