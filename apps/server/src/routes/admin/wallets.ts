import type { FastifyInstance } from 'fastify';
import * as wallets from '@cloudphone/contracts/endpoints/admin/wallets';
import { defineRoute } from '../../http/route';

/** /api/admin/wallets: each client's wallets (issue 63). */
export default async function adminWalletRoutes(app: FastifyInstance) {
  const { consoleWallets } = app.services;
  defineRoute(app, wallets.list, ({ operator }) => consoleWallets.list(operator.tenantId));
  defineRoute(app, wallets.set, ({ operator, actor, body }) =>
    consoleWallets.set(actor, operator.tenantId, body.clientId, body.wallet, body.settings),
  );
  defineRoute(app, wallets.off, ({ operator, actor, body }) =>
    consoleWallets.off(actor, operator.tenantId, body.clientId, body.wallet),
  );
}
