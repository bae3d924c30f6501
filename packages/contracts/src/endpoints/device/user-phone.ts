import type { Endpoint } from '../endpoint';

/** /api/device/user/phone: the user's cloud phones. */

export const list = {
  method: 'GET',
  path: '/api/device/user/phone/list',
  access: 'user',
  summary: "A page of the user's phones, by group and keyword, in default or expiry order",
  query: (s) => s.phoneListQuery,
  reply: (s) => s.phoneListSchema,
} satisfies Endpoint;

export const rename = {
  method: 'PUT',
  path: '/api/device/user/phone/rename',
  access: 'user',
  phone: 'name',
  summary: 'Rename a phone (1–20 characters)',
  body: (s) => s.renameBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const reboot = {
  method: 'PUT',
  path: '/api/device/user/phone/reboot',
  access: 'user',
  phone: 'restart',
  summary: 'Restart a phone; the reply is its task',
  query: (s) => s.userPhoneIdQuery,
  reply: (s) => s.taskReplySchema,
} satisfies Endpoint;

export const reset = {
  method: 'PUT',
  path: '/api/device/user/phone/reset',
  access: 'user',
  phone: 'reset',
  summary: "Factory-reset a phone (wipes the user's apps, files, clipboard and notes); the reply is its task",
  query: (s) => s.userPhoneIdQuery,
  reply: (s) => s.taskReplySchema,
} satisfies Endpoint;

export const screenshot = {
  method: 'PUT',
  path: '/api/device/user/phone/screenshot',
  access: 'user',
  phone: 'watch',
  summary: "The phone's screen now: a PNG data URL to show and download",
  query: (s) => s.userPhoneIdQuery,
  reply: (s) => s.screenshotReplySchema,
} satisfies Endpoint;

export const setResolution = {
  method: 'PUT',
  path: '/api/device/user/phone/set-resolution',
  access: 'user',
  phone: 'configure',
  summary: 'Change the screen resolution to one on offer (the phone restarts)',
  body: (s) => s.setResolutionBody,
  reply: (s) => s.taskReplySchema,
} satisfies Endpoint;

export const setRoot = {
  method: 'PUT',
  path: '/api/device/user/phone/set-root',
  access: 'user',
  phone: 'configure',
  summary: 'Switch root on or off (the phone restarts)',
  body: (s) => s.setRootBody,
  reply: (s) => s.taskReplySchema,
} satisfies Endpoint;

export const status = {
  method: 'GET',
  path: '/api/device/user/phone/status',
  access: 'user',
  phone: 'watch',
  summary: "A phone's current status",
  query: (s) => s.userPhoneIdQuery,
  reply: (s) => s.phoneStatusSchema,
} satisfies Endpoint;

export const getExtendBatch = {
  method: 'GET',
  path: '/api/device/user/phone/get-extend-batch',
  access: 'user',
  phone: 'watch',
  summary: 'System, brand, model, IMEI and serial number of several phones',
  query: (s) => s.extendBatchQuery,
  reply: (s, z) => z.array(s.phoneExtendSchema),
} satisfies Endpoint;

export const setGroup = {
  method: 'PUT',
  path: '/api/device/user/phone/set-group',
  access: 'user',
  phone: 'name',
  summary: 'Move phones to a group (0 is the default group)',
  body: (s) => s.setGroupBody,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

export const securityToken = {
  method: 'POST',
  path: '/api/device/user/phone/security-token',
  access: 'user',
  phone: 'watch',
  summary: 'The access key, secret and stream URL to watch and control a phone (DESIGN §4)',
  query: (s) => s.securityTokenQuery,
  reply: (s) => s.securityTokenSchema,
} satisfies Endpoint;

export const securityTokenBatch = {
  method: 'POST',
  path: '/api/device/user/phone/security-token/batch',
  access: 'user',
  phone: 'watch',
  summary: 'View keys and stream URLs of up to 100 phones at once, for previews and grids (no secret key)',
  body: (s) => s.securityTokenBatchBody,
  reply: (s, z) => z.array(s.viewKeySchema),
} satisfies Endpoint;

export const replacePreview = {
  method: 'POST',
  path: '/api/device/user/phone/replace-preview',
  access: 'user',
  phone: 'replace',
  summary: 'Which phones can be replaced now (at most 10; type 1 without data, 2 moving data), and why not the others',
  body: (s) => s.replaceBody,
  reply: (s) => s.replacePreviewSchema,
} satisfies Endpoint;

export const replaceSubmit = {
  method: 'POST',
  path: '/api/device/user/phone/replace-submit',
  access: 'user',
  phone: 'replace',
  summary: 'Replace phones by new instances, keeping id, name, group, expiry (and with type 2 the data)',
  body: (s) => s.replaceBody,
  reply: (s) => s.replaceSubmitSchema,
} satisfies Endpoint;

export const giveCheck = {
  method: 'PUT',
  path: '/api/device/user/phone/give-check',
  access: 'user',
  phone: 'transfer',
  summary: 'Whether each phone may be transferred to the account now, and why not; changes nothing',
  body: (s) => s.giveBody,
  reply: (s) => s.giveCheckReplySchema,
} satisfies Endpoint;

export const give = {
  method: 'PUT',
  path: '/api/device/user/phone/give',
  access: 'user',
  phone: 'transfer',
  summary: "Transfer phones to another account of the tenant (its mobile or UID); the reply is the transfer's number",
  body: (s) => s.giveBody,
  reply: (s) => s.giveReplySchema,
} satisfies Endpoint;
