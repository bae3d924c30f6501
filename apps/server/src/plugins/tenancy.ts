import fp from 'fastify-plugin';
import { INT4_MAX } from '@cloudphone/contracts/bounds';
import { AppError } from '../services/app-error';

export interface TenantContext {
  tenantId: number;
  clientId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantContext | null;
  }
}

const CACHE_MS = 60_000;

/**
 * Resolves the caller's tenant from the `tenant-id` and `client-id` headers (DESIGN §3) on routes
 * whose access is `tenant` or `user`. The client must belong to the tenant, so a caller can never
 * reach another tenant's rows by naming a foreign client. Services scope every query by this.
 */
export const tenancyPlugin = fp(async (app) => {
  const known = new Map<number, { tenantId: number; until: number }>();

  async function tenantOfClient(clientId: number): Promise<number | undefined> {
    const cached = known.get(clientId);
    if (cached && cached.until > Date.now()) return cached.tenantId;
    const client = await app.repos.clients.findById(clientId);
    if (!client) return undefined;
    known.set(clientId, { tenantId: client.tenantId, until: Date.now() + CACHE_MS });
    return client.tenantId;
  }

  app.decorateRequest('tenant', null);
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.docs?.access;
    // A merchant's call names its tenant by its signed key, not by headers.
    // An operator's names its tenant by its own record (issue 62).
    if (!access || access === 'public' || access === 'merchant' || access === 'operator') return;
    const tenantId = Number(request.headers['tenant-id']);
    const clientId = Number(request.headers['client-id']);
    const isId = (id: number) => Number.isInteger(id) && id > 0 && id <= INT4_MAX;
    if (!isId(tenantId) || !isId(clientId)) {
      throw new AppError('tenantMismatch');
    }
    if ((await tenantOfClient(clientId)) !== tenantId) throw new AppError('tenantMismatch');
    request.tenant = { tenantId, clientId };
  });
});
