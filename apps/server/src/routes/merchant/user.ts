import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  canChangeMobileSchema,
  changeMobileBody,
  loginDeviceSchema,
  resetPasswordBody,
  signOutDeviceBody,
  unregisterBody,
  updatePasswordBody,
  updateUserBody,
  userInfoSchema,
} from '@cloudphone/contracts/auth';
import { defineRoute } from '../../http/route';

/** /api/merchant/user: the signed-in user's own account. */
export default async function userRoutes(app: FastifyInstance) {
  const { users } = app.services;

  defineRoute(app, {
    method: 'GET',
    url: '/get',
    summary: 'The user info: nickname, avatar, mobile, userNo, registerTime, the language the account keeps',
    access: 'user',
    response: userInfoSchema,
    handler: ({ auth }) => users.profile(auth),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/update',
    summary: 'Change nickname (1–20 characters), avatar, or the language server-made text is written in',
    access: 'user',
    body: updateUserBody,
    response: z.null(),
    handler: ({ auth, body }) => users.update(auth, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/update-password',
    summary: 'Set or change the password; other sessions end',
    access: 'user',
    body: updatePasswordBody,
    response: z.null(),
    handler: ({ auth, body }) => users.updatePassword(auth, body.oldPassword, body.password),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/reset-password',
    summary: 'Reset a forgotten password with an SMS code (scene 3)',
    access: 'tenant',
    body: resetPasswordBody,
    response: z.null(),
    handler: ({ tenant, body }) => users.resetPassword(tenant.tenantId, body.mobile, body.code, body.password),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/unregister',
    summary: 'Cancel the account, confirmed by an SMS code (scene 4)',
    access: 'user',
    body: unregisterBody,
    response: z.null(),
    handler: ({ auth, body }) => users.unregister(auth, body.code),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/can-change-mobile',
    summary: 'Whether the mobile may change now (once per 30 days)',
    access: 'user',
    response: canChangeMobileSchema,
    handler: ({ auth }) => users.canChangeMobile(auth),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/change-mobile',
    summary: 'Bind a new mobile: the ticket from validate-sms-code, the new number and its code (scene 5)',
    access: 'user',
    body: changeMobileBody,
    response: z.null(),
    handler: ({ auth, body }) => users.changeMobile(auth, body.ticket, body.mobile, body.code),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/login-device/list',
    summary: 'Devices where this account is logged in',
    access: 'user',
    response: z.array(loginDeviceSchema),
    handler: ({ auth }) => users.loginDevices(auth),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/login-device/sign-out',
    summary: 'Sign a login device out',
    access: 'user',
    body: signOutDeviceBody,
    response: z.null(),
    handler: ({ auth, body }) => users.signOutDevice(auth, body.sessionId),
  });
}
