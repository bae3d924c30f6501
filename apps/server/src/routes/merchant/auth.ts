import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  passwordLoginBody,
  refreshTokenBody,
  sendSmsCodeBody,
  sendSmsCodeLoggingBody,
  smsLoginBody,
  smsTicketSchema,
  tokenPairSchema,
  validateAuthCodeQuery,
  validateSmsCodeBody,
  SmsScene,
} from '@cloudphone/contracts/auth';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import type { TenantContext } from '../../plugins/tenancy';
import type { LoginOrigin } from '../../services/auth.service';

/** The device a login is made on: the browser fingerprint (`device-id`), its user agent and address. */
function loginOrigin(request: FastifyRequest, tenant: TenantContext): LoginOrigin {
  const header = (name: string) => String(request.headers[name] ?? '').slice(0, 300);
  return { ...tenant, deviceId: header('device-id'), userAgent: header('user-agent'), ip: request.ip };
}

/** /api/merchant/auth: logging in and out (spec §7, DESIGN §3). */
export default async function authRoutes(app: FastifyInstance) {
  const { auth, users } = app.services;

  defineRoute(app, {
    method: 'POST',
    url: '/send-sms-code',
    summary: 'Send a verification code (scene 1 login, 3 reset password, 5 bind new mobile)',
    access: 'tenant',
    body: sendSmsCodeBody,
    response: z.null(),
    handler: async ({ request, tenant, body }) => {
      if (body.scene === SmsScene.changeMobile || body.scene === SmsScene.unregister)
        throw new AppError('invalidParameter');
      if (body.scene === SmsScene.bindNewMobile) await users.assertMobileFree(tenant.tenantId, body.mobile);
      await auth.sendLoginCode(tenant.tenantId, body.mobile, body.scene, request.ip);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/send-sms-code-logging',
    summary: "Send a code to the signed-in user's own mobile (scene 2, 3 or 4)",
    access: 'user',
    body: sendSmsCodeLoggingBody,
    response: z.null(),
    handler: ({ request, auth: user, body }) => users.sendCodeToOwnMobile(user, body.scene, request.ip),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/sms-login',
    summary: 'Log in with an SMS code; an unknown mobile is registered',
    access: 'tenant',
    body: smsLoginBody,
    response: tokenPairSchema,
    handler: ({ request, tenant, body }) => auth.smsLogin(body.mobile, body.code, loginOrigin(request, tenant)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login',
    summary: 'Log in with mobile and password',
    access: 'tenant',
    body: passwordLoginBody,
    response: tokenPairSchema,
    handler: ({ request, tenant, body }) =>
      auth.passwordLogin(body.mobile, body.password, loginOrigin(request, tenant)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/refresh-token',
    summary: 'Exchange a refresh token for a new pair (body, or the query form)',
    access: 'public',
    body: refreshTokenBody.partial(),
    query: refreshTokenBody.partial(),
    response: tokenPairSchema,
    handler: ({ body, query }) => {
      const refreshToken = body.refreshToken ?? query.refreshToken;
      if (!refreshToken) throw new AppError('tokenExpired');
      return auth.refresh(refreshToken);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/logout',
    summary: 'End this login session',
    access: 'user',
    response: z.null(),
    handler: ({ auth: user }) => auth.logout(user),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/validate-auth-code',
    summary: 'Exchange a one-time code issued by the merchant for tokens',
    access: 'tenant',
    query: validateAuthCodeQuery,
    response: tokenPairSchema,
    handler: ({ request, tenant, query }) => auth.authCodeLogin(query.code, loginOrigin(request, tenant)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/validate-sms-code',
    summary: "Confirm the code sent to the user's own mobile (scene 2); the ticket proves it to change-mobile",
    access: 'user',
    body: validateSmsCodeBody,
    response: smsTicketSchema,
    handler: ({ auth: user, body }) => {
      if (body.scene !== SmsScene.changeMobile) throw new AppError('invalidParameter');
      return users.confirmCurrentMobile(user, body.code);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/one-click-login',
    summary: "One-click login through the carrier (answers 'not configured' until a carrier provider is set)",
    access: 'tenant',
    response: tokenPairSchema,
    handler: async () => {
      throw new AppError('oneClickLoginNotConfigured');
    },
  });
}
