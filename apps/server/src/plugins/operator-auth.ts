import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';
import { PLATFORM_ACTIONS } from '@cloudphone/contracts/operators';
import { AppError } from '../services/app-error';
import type { AuditActor } from '../repositories/audit.repository';
import type { ConsoleCaller } from '../services/console/operator.service';

declare module 'fastify' {
  interface FastifyRequest {
    operator: ConsoleCaller | null;
  }
}

/**
 * The header a platform operator names the tenant it works on with — the one a customer's client names
 * its tenant with; a tenant's operator works on its own tenant whatever it says.
 */
export const CONSOLE_TENANT_HEADER = 'tenant-id';

/** The tenant a platform action's caller is given when it names none: no merchant's (tenants begin at 1). */
const PLATFORM_TENANT = 0;

/**
 * Signs an operator in on `operator` routes (issue 62) from `Authorization: Bearer <token>` — a token of
 * the console's own kind, so a customer's is refused here and an operator's on every customer route —
 * and refuses what its role may not do, by the role table, before the handler runs.
 */
export const operatorAuthPlugin = fp(async (app) => {
  app.decorateRequest('operator', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.docs?.access !== 'operator') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const auth = await app.services.operators.authenticate(token);
    const action = (request.routeOptions.config.endpoint as Endpoint | undefined)?.console;
    if (action) app.services.operators.require(auth, action);
    const named = Number(request.headers[CONSOLE_TENANT_HEADER]);
    const tenantId = auth.tenantId ?? (Number.isSafeInteger(named) && named > 0 ? named : null);
    // The platform's own actions (its hosts) work on no merchant's data: they need none named.
    const platformAction = action !== undefined && PLATFORM_ACTIONS.includes(action);
    if (tenantId === null && !platformAction) throw new AppError('tenantMismatch');
    request.operator = { ...auth, tenantId: tenantId ?? PLATFORM_TENANT };
  });
});

/** Who a console call's change is recorded as: the operator, its role and its address. */
export function operatorActor(request: FastifyRequest): AuditActor {
  const operator = request.operator!;
  return {
    kind: 'operator',
    operatorId: operator.operatorId,
    name: operator.login,
    role: operator.role,
    address: request.ip,
  };
}
