import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SmsScene } from '@cloudphone/contracts/auth';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import { AppError } from '../../services/app-error';
import { defineRoute } from '../../http/route';
import type { TenantContext } from '../../plugins/tenancy';
import type { LoginOrigin } from '../../services/accounts/auth.service';

/** The device a login is made on: the browser fingerprint (`device-id`), its user agent and address. */
function loginOrigin(request: FastifyRequest, tenant: TenantContext): LoginOrigin {
  const header = (name: string) => String(request.headers[name] ?? '').slice(0, 300);
  return { ...tenant, deviceId: header('device-id'), userAgent: header('user-agent'), ip: request.ip };
}

/** /api/merchant/auth: logging in and out (spec §7, DESIGN §3). */
export default async function authRoutes(app: FastifyInstance) {
  const { auth: sessions, users } = app.services;

  defineRoute(app, auth.sendSmsCode, async ({ request, tenant, body }) => {
    if (body.scene === SmsScene.changeMobile || body.scene === SmsScene.unregister)
      throw new AppError('invalidParameter');
    if (body.scene === SmsScene.bindNewMobile) await users.assertMobileFree(tenant.tenantId, body.mobile);
    await sessions.sendLoginCode(tenant.tenantId, body.mobile, body.scene, request.ip);
  });
  defineRoute(app, auth.sendSmsCodeLogging, ({ request, auth: user, body }) =>
    users.sendCodeToOwnMobile(user, body.scene, request.ip),
  );
  defineRoute(app, auth.smsLogin, ({ request, tenant, body }) =>
    sessions.smsLogin(body.mobile, body.code, loginOrigin(request, tenant)),
  );
  defineRoute(app, auth.login, ({ request, tenant, body }) =>
    sessions.passwordLogin(body.mobile, body.password, loginOrigin(request, tenant)),
  );
  defineRoute(app, auth.refreshToken, ({ body, query }) => {
    const refreshToken = body.refreshToken ?? query.refreshToken;
    if (!refreshToken) throw new AppError('tokenExpired');
    return sessions.refresh(refreshToken);
  });
  defineRoute(app, auth.logout, ({ auth: user }) => sessions.logout(user));
  defineRoute(app, auth.validateAuthCode, ({ request, tenant, query }) =>
    sessions.authCodeLogin(query.code, loginOrigin(request, tenant)),
  );
  defineRoute(app, auth.validateSmsCode, ({ auth: user, body }) => {
    if (body.scene !== SmsScene.changeMobile) throw new AppError('invalidParameter');
    return users.confirmCurrentMobile(user, body.code);
  });
  defineRoute(app, auth.oneClickLogin, async () => {
    throw new AppError('oneClickLoginNotConfigured');
  });
}
