import type { FastifyInstance } from 'fastify';
import * as adbKey from '@cloudphone/contracts/endpoints/merchant/user-adb-key';
import { defineRoute } from '../../http/route';

/** /api/merchant/user/adb-key: the public keys `adb` may connect with (issue 35). */
export default async function adbKeyRoutes(app: FastifyInstance) {
  const { adb } = app.services;

  defineRoute(app, adbKey.add, ({ auth, body }) => adb.addKey(auth, body.name, body.publicKey));
  defineRoute(app, adbKey.list, ({ auth }) => adb.keys(auth));
  defineRoute(app, adbKey.delete, ({ auth, query }) => adb.deleteKey(auth, query.keyId));
}
