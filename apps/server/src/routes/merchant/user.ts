import type { FastifyInstance } from 'fastify';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { defineRoute } from '../../http/route';

/** /api/merchant/user: the signed-in user's own account. */
export default async function userRoutes(app: FastifyInstance) {
  const { users } = app.services;

  defineRoute(app, user.get, ({ auth }) => users.profile(auth));
  defineRoute(app, user.update, ({ auth, body }) => users.update(auth, body));
  defineRoute(app, user.getDataSaver, ({ auth }) => users.dataSaver(auth));
  defineRoute(app, user.setDataSaver, ({ auth, body }) => users.setDataSaver(auth, body.maxKbps));
  defineRoute(app, user.updatePassword, ({ auth, body }) =>
    users.updatePassword(auth, body.oldPassword, body.password),
  );
  defineRoute(app, user.resetPassword, ({ tenant, body }) =>
    users.resetPassword(tenant.tenantId, body.mobile, body.code, body.password),
  );
  defineRoute(app, user.unregister, ({ auth, body }) => users.unregister(auth, body.code));
  defineRoute(app, user.canChangeMobile, ({ auth }) => users.canChangeMobile(auth));
  defineRoute(app, user.changeMobile, ({ auth, body }) =>
    users.changeMobile(auth, body.ticket, body.mobile, body.code),
  );
  defineRoute(app, user.loginDeviceList, ({ auth }) => users.loginDevices(auth));
  defineRoute(app, user.loginDeviceSignOut, ({ auth, body }) => users.signOutDevice(auth, body.sessionId));
}
