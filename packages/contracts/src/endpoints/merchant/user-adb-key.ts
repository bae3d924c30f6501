import type { Endpoint } from '../endpoint';

/** /api/merchant/user/adb-key: the public keys `adb` may connect to the user's phones with (issue 35). */

export const add = {
  method: 'POST',
  path: '/api/merchant/user/adb-key/add',
  access: 'user',
  summary: 'Add a public key (the contents of ~/.android/adbkey.pub) under a name',
  body: (s) => s.adbKeyAddBody,
  reply: (s) => s.adbKeyAddedSchema,
} satisfies Endpoint;

export const list = {
  method: 'GET',
  path: '/api/merchant/user/adb-key/list',
  access: 'user',
  summary: 'The account’s ADB keys',
  reply: (s, z) => z.array(s.adbKeySchema),
} satisfies Endpoint;

const deleteKey = {
  method: 'DELETE',
  path: '/api/merchant/user/adb-key/delete',
  access: 'user',
  summary: 'Remove a key: connections made with it close',
  query: (s) => s.adbKeyIdQuery,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

// `delete` names the call as its path does, though it cannot name a constant.
export { deleteKey as delete };
