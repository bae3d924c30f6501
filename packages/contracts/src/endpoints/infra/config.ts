import type { Endpoint } from '../endpoint';

/** /api/infra/config: client settings (domains, version, download link). */

export const getConfig = {
  method: 'POST',
  path: '/api/infra/config/get-config',
  access: 'tenant',
  summary: 'Values of client configuration keys',
  body: (s) => s.clientConfigBody,
  reply: (s) => s.clientConfigValuesSchema,
} satisfies Endpoint;
