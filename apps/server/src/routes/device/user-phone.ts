import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { securityTokenQuery, securityTokenSchema } from '@cloudphone/contracts/sdk';
import {
  extendBatchQuery,
  phoneExtendSchema,
  PHONE_LIST_STATUSES,
  phoneListQuery,
  phoneListSchema,
  renameBody,
  screenshotReplySchema,
  setGroupBody,
  setResolutionBody,
  setRootBody,
  taskReplySchema,
  userPhoneIdQuery,
} from '@cloudphone/contracts/phones';
import { replaceBody, replacePreviewSchema, replaceSubmitSchema } from '@cloudphone/contracts/replacement';
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
  const { phoneOperations, phoneControl, phoneGroups } = app.services;

  defineRoute(app, {
    method: 'GET',
    url: '/list',
    summary: "A page of the user's phones, by group and keyword, in default or expiry order",
    access: 'user',
    query: phoneListQuery,
    response: phoneListSchema,
    handler: ({ auth, query }) => phoneOperations.list(auth, query),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/rename',
    summary: 'Rename a phone (1–20 characters)',
    access: 'user',
    body: renameBody,
    response: z.null(),
    handler: ({ auth, body }) => phoneOperations.rename(auth, body.userPhoneId, body.name),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/reboot',
    summary: 'Restart a phone; the reply is its task',
    access: 'user',
    query: userPhoneIdQuery,
    response: taskReplySchema,
    handler: ({ auth, query }) => phoneControl.reboot(auth, query.userPhoneId),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/reset',
    summary: "Factory-reset a phone (wipes the user's apps, files, clipboard and notes); the reply is its task",
    access: 'user',
    query: userPhoneIdQuery,
    response: taskReplySchema,
    handler: ({ auth, query }) => phoneControl.reset(auth, query.userPhoneId),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/screenshot',
    summary: "The phone's screen now: a PNG data URL to show and download",
    access: 'user',
    query: userPhoneIdQuery,
    response: screenshotReplySchema,
    handler: ({ auth, query }) => phoneControl.screenshot(auth, query.userPhoneId),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/set-resolution',
    summary: 'Change the screen resolution to one on offer (the phone restarts)',
    access: 'user',
    body: setResolutionBody,
    response: taskReplySchema,
    handler: ({ auth, body: { userPhoneId, ...resolution } }) =>
      phoneControl.setResolution(auth, userPhoneId, resolution),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/set-root',
    summary: 'Switch root on or off (the phone restarts)',
    access: 'user',
    body: setRootBody,
    response: taskReplySchema,
    handler: ({ auth, body }) => phoneControl.setRoot(auth, body.userPhoneId, body.root),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/status',
    summary: "A phone's current status",
    access: 'user',
    query: userPhoneIdQuery,
    response: z.object({ userPhoneId: z.number().int(), status: z.enum(PHONE_LIST_STATUSES) }),
    handler: ({ auth, query }) => phoneOperations.status(auth, query.userPhoneId),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/get-extend-batch',
    summary: 'System, brand, model, IMEI and serial number of several phones',
    access: 'user',
    query: extendBatchQuery,
    response: z.array(phoneExtendSchema),
    handler: ({ auth, query }) => phoneOperations.extendBatch(auth, query.userPhoneIds),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/set-group',
    summary: 'Move phones to a group (0 is the default group)',
    access: 'user',
    body: setGroupBody,
    response: z.null(),
    handler: ({ auth, body }) => phoneGroups.setGroup(auth, body.userPhoneIds, body.groupId),
  });

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

  defineRoute(app, {
    method: 'POST',
    url: '/replace-preview',
    summary:
      'Which phones can be replaced now (at most 10; type 1 without data, 2 moving data), and why not the others',
    access: 'user',
    body: replaceBody,
    response: replacePreviewSchema,
    handler: ({ auth, body }) => app.services.phoneReplacements.preview(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/replace-submit',
    summary: 'Replace phones by new instances, keeping id, name, group, expiry (and with type 2 the data)',
    access: 'user',
    body: replaceBody,
    response: replaceSubmitSchema,
    handler: ({ auth, body }) => app.services.phoneReplacements.submit(auth, body),
  });
}
