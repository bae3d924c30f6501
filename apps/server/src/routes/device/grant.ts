import type { FastifyInstance } from 'fastify';
import * as grant from '@cloudphone/contracts/endpoints/device/grant';
import { defineRoute } from '../../http/route';

/** /api/device/grant: phones granted to other accounts, by account or by grant code (spec §4, §6). */
export default async function grantRoutes(app: FastifyInstance) {
  const { phoneGrants } = app.services;

  defineRoute(app, grant.create, ({ gate, body }) => phoneGrants.create(gate, body));
  defineRoute(app, grant.useCode, ({ auth, body }) => phoneGrants.useCode(auth, body.grantCode));
  defineRoute(app, grant.revoke, ({ auth, body }) => phoneGrants.revoke(auth, body.grantId));
  defineRoute(app, grant.page, ({ auth, query: { side, ...paging } }) => phoneGrants.page(auth, side, paging));
  defineRoute(app, grant.get, ({ auth, query }) => phoneGrants.get(auth, query.grantId));
  defineRoute(app, grant.codeClear, ({ auth, body }) => phoneGrants.clearCode(auth, body.grantId));
  defineRoute(app, grant.codeCancel, ({ auth, body }) => phoneGrants.cancelCode(auth, body.grantId));
}
