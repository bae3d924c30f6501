import type { Endpoint } from '../endpoint';

/** /api/device/phone-group: the user's phone groups; the default group cannot be renamed or deleted. */

export const simpleList = {
  method: 'GET',
  path: '/api/device/phone-group/simple-list',
  access: 'user',
  summary: 'The default group and the user’s own groups, with phone counts',
  reply: (s, z) => z.array(s.phoneGroupSchema),
} satisfies Endpoint;

export const create = {
  method: 'POST',
  path: '/api/device/phone-group/create',
  access: 'user',
  summary: 'Create a group (name 1–20 characters)',
  body: (s) => s.createGroupBody,
  reply: (s) => s.groupCreatedSchema,
} satisfies Endpoint;

export const update = {
  method: 'PUT',
  path: '/api/device/phone-group/update',
  access: 'user',
  summary: 'Rename a group',
  body: (s) => s.updateGroupBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

const deleteGroup = {
  method: 'DELETE',
  path: '/api/device/phone-group/delete',
  access: 'user',
  summary: 'Delete a group; its phones return to the default group',
  query: (s) => s.groupIdQuery,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

// `delete` names the call as its path does, though it cannot name a constant.
export { deleteGroup as delete };
