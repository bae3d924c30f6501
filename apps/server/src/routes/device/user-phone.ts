import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { defineRoute } from '../../http/route';
import type { Origin } from '../../services/phones/access/access-keys';

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
  const { phoneOperations, phoneControl, phoneGroups, accessKeys, phoneTransfers } = app.services;

  defineRoute(app, userPhone.list, ({ auth, query }) => phoneOperations.list(auth, query));
  defineRoute(app, userPhone.rename, ({ gate, body }) => phoneOperations.rename(gate, body.userPhoneId, body.name));
  defineRoute(app, userPhone.reboot, ({ gate, query }) => phoneControl.reboot(gate, query.userPhoneId));
  defineRoute(app, userPhone.reset, ({ gate, query }) => phoneControl.reset(gate, query.userPhoneId));
  defineRoute(app, userPhone.screenshot, ({ gate, query }) => phoneControl.screenshot(gate, query.userPhoneId));
  defineRoute(app, userPhone.setResolution, ({ gate, body: { userPhoneId, ...resolution } }) =>
    phoneControl.setResolution(gate, userPhoneId, resolution),
  );
  defineRoute(app, userPhone.setRoot, ({ gate, body }) => phoneControl.setRoot(gate, body.userPhoneId, body.root));
  defineRoute(app, userPhone.status, ({ gate, query }) => phoneOperations.status(gate, query.userPhoneId));
  defineRoute(app, userPhone.getExtendBatch, ({ gate, query }) =>
    phoneOperations.extendBatch(gate, query.userPhoneIds),
  );
  defineRoute(app, userPhone.setGroup, ({ gate, body }) => phoneGroups.setGroup(gate, body.userPhoneIds, body.groupId));
  defineRoute(app, userPhone.securityToken, ({ request, gate, query }) =>
    accessKeys.securityToken(gate, query.userPhoneId, query.validTime, originOf(request)),
  );
  defineRoute(app, userPhone.securityTokenBatch, ({ request, gate, body }) =>
    accessKeys.viewKeys(gate, body.userPhoneIds, originOf(request)),
  );
  defineRoute(app, userPhone.replacePreview, ({ gate, body }) => app.services.phoneReplacements.preview(gate, body));
  defineRoute(app, userPhone.replaceSubmit, ({ gate, body }) => app.services.phoneReplacements.submit(gate, body));
  defineRoute(app, userPhone.giveCheck, ({ gate, body }) => phoneTransfers.check(gate, body));
  defineRoute(app, userPhone.give, ({ gate, body }) => phoneTransfers.give(gate, body));
}
