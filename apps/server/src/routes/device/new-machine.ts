import type { FastifyInstance } from 'fastify';
import {
  newMachineBody,
  newMachinePageQuery,
  newMachinePageSchema,
  newMachineReplySchema,
} from '@cloudphone/contracts/new-machine';
import { defineRoute } from '../../http/route';

/** /api/device/user/phone/new-machine: one-key new machine and its records (spec §1, §2). */
export default async function newMachineRoutes(app: FastifyInstance) {
  const { newMachines } = app.services;

  defineRoute(app, {
    method: 'POST',
    url: '',
    summary:
      'Make phones new: a random handset of the catalogue (optionally of one brand) with new IMEI and serial, user data wiped',
    access: 'user',
    body: newMachineBody,
    response: newMachineReplySchema,
    handler: ({ auth, body }) => newMachines.start(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/page',
    summary: "A page of the user's new machines, newest first, with each phone's identity before and after",
    access: 'user',
    query: newMachinePageQuery,
    response: newMachinePageSchema,
    handler: ({ auth, query }) => newMachines.page(auth, query),
  });
}
