import type { FastifyInstance } from 'fastify';
import * as adb from '@cloudphone/contracts/endpoints/device/adb';
import { defineRoute } from '../../http/route';

/** /api/device/adb: ADB access to a phone the user owns (issue 35). */
export default async function adbRoutes(app: FastifyInstance) {
  const { adb: service } = app.services;

  defineRoute(app, adb.enable, ({ auth, body }) => service.enable(auth, body.userPhoneId));
  defineRoute(app, adb.disable, ({ auth, body }) => service.disable(auth, body.userPhoneId));
  defineRoute(app, adb.get, ({ auth, query }) => service.get(auth, query.userPhoneId));
}
