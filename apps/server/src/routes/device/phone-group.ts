import type { FastifyInstance } from 'fastify';
import * as phoneGroup from '@cloudphone/contracts/endpoints/device/phone-group';
import { defineRoute } from '../../http/route';

/** /api/device/phone-group: the user's phone groups; the default group cannot be renamed or deleted. */
export default async function phoneGroupRoutes(app: FastifyInstance) {
  const { phoneGroups } = app.services;

  defineRoute(app, phoneGroup.simpleList, ({ auth }) => phoneGroups.simpleList(auth));
  defineRoute(app, phoneGroup.create, ({ auth, body }) => phoneGroups.create(auth, body.groupName));
  defineRoute(app, phoneGroup.update, ({ auth, body }) => phoneGroups.rename(auth, body.groupId, body.groupName));
  defineRoute(app, phoneGroup.delete, ({ auth, query }) => phoneGroups.delete(auth, query.groupId));
}
