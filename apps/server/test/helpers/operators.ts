import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '@cloudphone/contracts/operators';
import { cliActor } from '../../src/cli/console.commands';
import { dataOf } from './requests';

export const OPERATOR_PASSWORD = 'console-pass-1';

/**
 * A new operator of `tenantId` (null: of the platform) made as the admin CLI makes it, signed in with its password and the
 * authenticator's code of `now`: its console token.
 */
export async function signedInOperator(
  app: FastifyInstance,
  tenantId: number | null,
  role: OperatorRole,
  { login = `${role}-${tenantId}`, now = Date.now() }: { login?: string; now?: number } = {},
): Promise<string> {
  const { totpSecret } = await app.services.operators.create(cliActor(), {
    tenantId,
    login,
    password: OPERATOR_PASSWORD,
    role,
  });
  const code = await generate({ secret: totpSecret, epoch: Math.floor(now / 1000) });
  const reply = await app.inject({
    method: 'POST',
    url: '/api/admin/session/sign-in',
    payload: { tenantId: tenantId ?? undefined, login, password: OPERATOR_PASSWORD, code },
  });
  return dataOf<{ accessToken: string }>(reply).accessToken;
}

/** The tenant's owner in the console. */
export const consoleOwner = (app: FastifyInstance, tenantId: number) => signedInOperator(app, tenantId, 'owner');
