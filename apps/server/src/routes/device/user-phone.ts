import type { FastifyInstance, FastifyRequest } from 'fastify';
import { securityTokenQuery, securityTokenSchema } from '@cloudphone/contracts/sdk';
import { defineRoute } from '../../http/route';
import type { Origin } from '../../services/phone-access.service';

/** The origin the client used, for hosts that share it (behind a proxy, its forwarded protocol). */
function originOf(request: FastifyRequest): Origin {
  const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  const secure = (forwarded || request.protocol) === 'https';
  const host = request.headers.host ?? 'localhost';
  return { http: `${secure ? 'https' : 'http'}://${host}`, ws: `${secure ? 'wss' : 'ws'}://${host}` };
}

/** /api/device/user/phone: the user's cloud phones. */
export default async function userPhoneRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/security-token',
    summary: 'The access key, secret and stream URL to watch and control a phone (DESIGN §4)',
    access: 'user',
    query: securityTokenQuery,
    response: securityTokenSchema,
    handler: ({ request, auth, query }) =>
      app.services.phoneAccess.securityToken(auth, query.userPhoneId, query.validTime, originOf(request)),
  });
}
