import type { FastifyRequest } from 'fastify';

/**
 * The client's `Idempotency-Key` (DESIGN §3), up to 64 characters: a money-moving or batch-making
 * call sent again with it answers what the first made.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 && key.length <= 64 ? key : undefined;
}
