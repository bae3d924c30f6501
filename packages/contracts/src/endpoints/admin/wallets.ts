import type { Endpoint } from '../endpoint';

/** /api/admin/wallets: each client's wallets (issue 63), as `pay:*` sets them; secrets go in, never out. */

export const list = {
  method: 'GET',
  path: '/api/admin/wallets/list',
  access: 'operator',
  console: 'wallets.read',
  summary: "Each client's wallets: off, ready or invalid, with their settings and no secret",
  reply: (s, z) => z.array(s.adminClientWalletsSchema),
} satisfies Endpoint;

export const set = {
  method: 'POST',
  path: '/api/admin/wallets/set',
  access: 'operator',
  console: 'wallets.write',
  summary: "Set up a client's wallet; a secret left empty keeps the one set before",
  body: (s) => s.adminWalletSetBody,
  reply: (s) => s.adminWalletSchema,
} satisfies Endpoint;

export const off = {
  method: 'POST',
  path: '/api/admin/wallets/off',
  access: 'operator',
  console: 'wallets.write',
  summary: 'Stop offering a wallet of a client',
  body: (s) => s.adminWalletOffBody,
  reply: (s) => s.adminWalletSchema,
} satisfies Endpoint;
