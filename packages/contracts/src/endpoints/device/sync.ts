import type { Endpoint } from '../endpoint';

/** /api/device/sync: sync control, one main phone and its followers (spec §1, §4, §9; issue 26). */

export const create = {
  method: 'POST',
  path: '/api/device/sync/create',
  access: 'user',
  phone: 'sync',
  summary: 'Start a sync session: the main phone and its followers, each locked for the session',
  body: (s) => s.syncCreateBody,
  reply: (s) => s.syncCreateReplySchema,
} satisfies Endpoint;

export const update = {
  method: 'PUT',
  path: '/api/device/sync/update',
  access: 'user',
  phone: 'sync',
  summary: 'Add, remove, pause or resume followers, or make another phone of the session the main',
  body: (s) => s.syncUpdateBody,
  reply: (s) => s.syncSessionSchema,
} satisfies Endpoint;

export const end = {
  method: 'PUT',
  path: '/api/device/sync/end',
  access: 'user',
  summary: 'End a sync session: its phones are free again',
  body: (s) => s.syncIdBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/device/sync/get',
  access: 'user',
  summary: 'One of the user’s sync sessions',
  query: (s) => s.syncIdQuery,
  reply: (s) => s.syncSessionSchema,
} satisfies Endpoint;

export const list = {
  method: 'GET',
  path: '/api/device/sync/list',
  access: 'user',
  summary: 'The user’s sync sessions under way (a reloaded page finds its own)',
  reply: (s, z) => z.array(s.syncSessionSchema),
} satisfies Endpoint;
