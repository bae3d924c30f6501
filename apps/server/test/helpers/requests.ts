import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Envelope } from '@cloudphone/contracts/envelope';

/** The `tenant-id` and `client-id` headers a client of `clientNo` sends once it has resolved itself. */
export async function tenantHeaders(app: FastifyInstance, clientNo: string): Promise<Record<string, string>> {
  const client = await app.repos.clients.findByClientNo(clientNo);
  if (!client) throw new Error(`no client ${clientNo} in the test database`);
  return { 'tenant-id': String(client.tenantId), 'client-id': String(client.id) };
}

/** The envelope of a handled reply: HTTP 200 with `{ code, msg, data }`. */
export function envelope<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<T>>();
}

/** The data of a successful reply (code 0). */
export function dataOf<T = unknown>(response: LightMyRequestResponse): T {
  const body = envelope<T>(response);
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** The code of a handled reply, whatever it is. */
export function codeOf(response: LightMyRequestResponse): number {
  return envelope(response).code;
}
