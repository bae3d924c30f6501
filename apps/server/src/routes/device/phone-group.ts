import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createGroupBody, groupIdQuery, phoneGroupSchema, updateGroupBody } from '@cloudphone/contracts/phones';
import { defineRoute } from '../../http/route';

/** /api/device/phone-group: the user's phone groups; the default group cannot be renamed or deleted. */
export default async function phoneGroupRoutes(app: FastifyInstance) {
  const { phoneGroups } = app.services;

  defineRoute(app, {
    method: 'GET',
    url: '/simple-list',
    summary: 'The default group and the user’s own groups, with phone counts',
    access: 'user',
    response: z.array(phoneGroupSchema),
    handler: ({ auth }) => phoneGroups.simpleList(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/create',
    summary: 'Create a group (name 1–20 characters)',
    access: 'user',
    body: createGroupBody,
    response: z.object({ groupId: z.number().int() }),
    handler: ({ auth, body }) => phoneGroups.create(auth, body.groupName),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/update',
    summary: 'Rename a group',
    access: 'user',
    body: updateGroupBody,
    response: z.null(),
    handler: ({ auth, body }) => phoneGroups.rename(auth, body.groupId, body.groupName),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/delete',
    summary: 'Delete a group; its phones return to the default group',
    access: 'user',
    query: groupIdQuery,
    response: z.null(),
    handler: ({ auth, query }) => phoneGroups.delete(auth, query.groupId),
  });
}
