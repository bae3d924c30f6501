import type { FastifyInstance } from 'fastify';
import { cloneIdReply, clonePageQuery, clonePageSchema, createCloneBody } from '@cloudphone/contracts/templates';
import { defineRoute } from '../../http/route';

/** /api/device/clone: a template put on chosen phones of the user, and the records of it (issue 15). */
export default async function cloneRoutes(app: FastifyInstance) {
  const { clones } = app.services;

  defineRoute(app, {
    method: 'POST',
    url: '/create',
    summary: "Clone a template onto phones of the user (same Android version), each locked as 'cloning' until done",
    access: 'user',
    body: createCloneBody,
    response: cloneIdReply,
    handler: ({ auth, body }) => clones.create(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/page',
    summary: "A page of the user's clone records, each phone with its state, progress and result",
    access: 'user',
    query: clonePageQuery,
    response: clonePageSchema,
    handler: ({ auth, query }) => clones.page(auth, query),
  });
}
