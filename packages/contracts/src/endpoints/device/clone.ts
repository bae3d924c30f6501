import type { Endpoint } from '../endpoint';

/** /api/device/clone: a template put on chosen phones of the user, and the records of it (issue 15). */

export const create = {
  method: 'POST',
  path: '/api/device/clone/create',
  access: 'user',
  phone: 'clone',
  summary: "Clone a template onto phones of the user (same Android version), each locked as 'cloning' until done",
  body: (s) => s.createCloneBody,
  reply: (s) => s.cloneIdReply,
} satisfies Endpoint;

export const page = {
  method: 'GET',
  path: '/api/device/clone/page',
  access: 'user',
  summary: "A page of the user's clone records, each phone with its state, progress and result",
  query: (s) => s.clonePageQuery,
  reply: (s) => s.clonePageSchema,
} satisfies Endpoint;
