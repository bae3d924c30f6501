import type { Endpoint } from '../endpoint';

/** /api/device/game: the game channel and game customisation (spec §2; issue 29). */

export const page = {
  method: 'GET',
  path: '/api/device/game/page',
  access: 'user',
  summary: "A page of the client's game channel, the user's pinned games first",
  query: (s) => s.gamePageQuery,
  reply: (s) => s.gamePageSchema,
} satisfies Endpoint;

export const pin = {
  method: 'PUT',
  path: '/api/device/game/pin',
  access: 'user',
  summary: 'Pins a game to the top of the user’s game channel, or unpins it',
  body: (s) => s.gamePinBody,
  reply: (s, z) => z.null(),
} satisfies Endpoint;

export const install = {
  method: 'POST',
  path: '/api/device/game/install',
  access: 'user',
  phone: 'push',
  summary:
    "Installs a game on the user's phones (its app joins the user's library and is pushed and installed); an Idempotency-Key header makes a repeat answer the same batch",
  body: (s) => s.gameInstallBody,
  reply: (s) => s.pushReplySchema,
} satisfies Endpoint;
