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
  defineRoute(app, userPhone.rename, ({ auth, body }) => phoneOperations.rename(auth, body.userPhoneId, body.name));
  defineRoute(app, userPhone.reboot, ({ auth, query }) => phoneControl.reboot(auth, query.userPhoneId));
  defineRoute(app, userPhone.reset, ({ auth, query }) => phoneControl.reset(auth, query.userPhoneId));
  defineRoute(app, userPhone.screenshot, ({ auth, query }) => phoneControl.screenshot(auth, query.userPhoneId));
  defineRoute(app, userPhone.setResolution, ({ auth, body: { userPhoneId, ...resolution } }) =>
    phoneControl.setResolution(auth, userPhoneId, resolution),
  );
  defineRoute(app, userPhone.setRoot, ({ auth, body }) => phoneControl.setRoot(auth, body.userPhoneId, body.root));
  defineRoute(app, userPhone.status, ({ auth, query }) => phoneOperations.status(auth, query.userPhoneId));
  defineRoute(app, userPhone.getExtendBatch, ({ auth, query }) =>
    phoneOperations.extendBatch(auth, query.userPhoneIds),
  );
  defineRoute(app, userPhone.setGroup, ({ auth, body }) => phoneGroups.setGroup(auth, body.userPhoneIds, body.groupId));
  defineRoute(app, userPhone.securityToken, ({ request, auth, query }) =>
    accessKeys.securityToken(auth, query.userPhoneId, query.validTime, originOf(request)),
  );
  defineRoute(app, userPhone.securityTokenBatch, ({ request, auth, body }) =>
    accessKeys.viewKeys(auth, body.userPhoneIds, originOf(request)),
  );
  defineRoute(app, userPhone.replacePreview, ({ auth, body }) => app.services.phoneReplacements.preview(auth, body));
  defineRoute(app, userPhone.replaceSubmit, ({ auth, body }) => app.services.phoneReplacements.submit(auth, body));
  defineRoute(app, userPhone.giveCheck, ({ auth, body }) => phoneTransfers.check(auth, body));
  defineRoute(app, userPhone.give, ({ auth, body }) => phoneTransfers.give(auth, body));
}
