import type { Endpoint } from '../endpoint';

/** /api/admin/hosts: the platform's device hosts (issue 63), as `host:*` runs them; its operators' only. */

export const list = {
  method: 'GET',
  path: '/api/admin/hosts/list',
  access: 'operator',
  console: 'hosts.read',
  summary: 'Every device host with its state, phones of capacity, region and addresses',
  reply: (s, z) => z.array(s.adminHostSchema),
} satisfies Endpoint;

export const drain = {
  method: 'POST',
  path: '/api/admin/hosts/drain',
  access: 'operator',
  console: 'hosts.write',
  summary: 'Stop placing new phones on a host (its phones stay), or place on it again',
  body: (s) => s.adminHostDrainBody,
  reply: (s, z) => z.null(),
} satisfies Endpoint;

export const token = {
  method: 'POST',
  path: '/api/admin/hosts/token',
  access: 'operator',
  console: 'hosts.write',
  summary: 'A single-use token a device host joins with under a name; shown once',
  body: (s) => s.adminHostTokenBody,
  reply: (s) => s.adminHostTokenSchema,
} satisfies Endpoint;
