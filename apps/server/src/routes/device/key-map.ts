import type { FastifyInstance } from 'fastify';
import * as keyMap from '@cloudphone/contracts/endpoints/device/key-map';
import { defineRoute } from '../../http/route';

/** /api/device/key-map: the caller's own key maps (issue 65). */
export default async function keyMapRoutes(app: FastifyInstance) {
  const { keyMaps } = app.services;
  defineRoute(app, keyMap.get, ({ auth, query }) => keyMaps.get(auth, query.packageName));
  defineRoute(app, keyMap.save, ({ auth, body }) => keyMaps.save(auth, body.packageName, body.keyMap));
  defineRoute(app, keyMap.delete, ({ auth, query }) => keyMaps.remove(auth, query.packageName));
}
