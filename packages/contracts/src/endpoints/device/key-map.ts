import type { Endpoint } from '../endpoint';

/**
 * /api/device/key-map: the signed-in user's key map for an app's package (issue 65) — their own, else
 * the merchant's default for that game. Only ever the caller's own: no call names another account.
 */

export const get = {
  method: 'GET',
  path: '/api/device/key-map/get',
  access: 'user',
  summary: "The key map the desktop control window plays for a package: the user's own, else the game's default",
  query: (s) => s.keyMapQuery,
  reply: (s) => s.keyMapReplySchema,
} satisfies Endpoint;

export const save = {
  method: 'PUT',
  path: '/api/device/key-map/save',
  access: 'user',
  summary: "Keep the user's own key map for a package (a changed default becomes the user's copy)",
  body: (s) => s.keyMapBody,
  reply: (s) => s.keyMapReplySchema,
} satisfies Endpoint;

const deleteKeyMap = {
  method: 'DELETE',
  path: '/api/device/key-map/delete',
  access: 'user',
  summary: "Drop the user's own key map for a package: the game's default, if any, plays again",
  query: (s) => s.keyMapQuery,
  reply: (s) => s.keyMapReplySchema,
} satisfies Endpoint;

// `delete` names the call as its path does, though it cannot name a constant.
export { deleteKeyMap as delete };
