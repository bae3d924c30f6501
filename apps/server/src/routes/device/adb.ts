import type { FastifyInstance } from 'fastify';
import * as adb from '@cloudphone/contracts/endpoints/device/adb';
import { defineRoute } from '../../http/route';

/** /api/device/adb: ADB access to a phone the user owns (issue 35). */
export default async function adbRoutes(app: FastifyInstance) {
  const { adb: service } = app.services;

  defineRoute(app, adb.enable, ({ gate, body }) => service.enable(gate, body.userPhoneId));
  defineRoute(app, adb.disable, ({ gate, body }) => service.disable(gate, body.userPhoneId));
  defineRoute(app, adb.get, ({ gate, query }) => service.get(gate, query.userPhoneId));
}
