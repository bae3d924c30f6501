import type { EndpointGroup } from './endpoint';

/** /api/device/grade */
export const grade = {
  list: {
    method: 'GET',
    path: '/api/device/grade/list',
    access: 'tenant',
    summary: 'Device grades (hardware configurations) on sale',
    reply: (s, z) => z.array(s.deviceGradeSchema),
  },
} satisfies EndpointGroup;

/** /api/device/user/phone: the user's cloud phones. */
export const userPhone = {
  list: {
    method: 'GET',
    path: '/api/device/user/phone/list',
    access: 'user',
    summary: "A page of the user's phones, by group and keyword, in default or expiry order",
    query: (s) => s.phoneListQuery,
    reply: (s) => s.phoneListSchema,
  },
  rename: {
    method: 'PUT',
    path: '/api/device/user/phone/rename',
    access: 'user',
    summary: 'Rename a phone (1–20 characters)',
    body: (s) => s.renameBody,
    reply: (_, z) => z.null(),
  },
  reboot: {
    method: 'PUT',
    path: '/api/device/user/phone/reboot',
    access: 'user',
    summary: 'Restart a phone; the reply is its task',
    query: (s) => s.userPhoneIdQuery,
    reply: (s) => s.taskReplySchema,
  },
  reset: {
    method: 'PUT',
    path: '/api/device/user/phone/reset',
    access: 'user',
    summary: "Factory-reset a phone (wipes the user's apps, files, clipboard and notes); the reply is its task",
    query: (s) => s.userPhoneIdQuery,
    reply: (s) => s.taskReplySchema,
  },
  screenshot: {
    method: 'PUT',
    path: '/api/device/user/phone/screenshot',
    access: 'user',
    summary: "The phone's screen now: a PNG data URL to show and download",
    query: (s) => s.userPhoneIdQuery,
    reply: (s) => s.screenshotReplySchema,
  },
  setResolution: {
    method: 'PUT',
    path: '/api/device/user/phone/set-resolution',
    access: 'user',
    summary: 'Change the screen resolution to one on offer (the phone restarts)',
    body: (s) => s.setResolutionBody,
    reply: (s) => s.taskReplySchema,
  },
  setRoot: {
    method: 'PUT',
    path: '/api/device/user/phone/set-root',
    access: 'user',
    summary: 'Switch root on or off (the phone restarts)',
    body: (s) => s.setRootBody,
    reply: (s) => s.taskReplySchema,
  },
  status: {
    method: 'GET',
    path: '/api/device/user/phone/status',
    access: 'user',
    summary: "A phone's current status",
    query: (s) => s.userPhoneIdQuery,
    reply: (s) => s.phoneStatusSchema,
  },
  getExtendBatch: {
    method: 'GET',
    path: '/api/device/user/phone/get-extend-batch',
    access: 'user',
    summary: 'System, brand, model, IMEI and serial number of several phones',
    query: (s) => s.extendBatchQuery,
    reply: (s, z) => z.array(s.phoneExtendSchema),
  },
  setGroup: {
    method: 'PUT',
    path: '/api/device/user/phone/set-group',
    access: 'user',
    summary: 'Move phones to a group (0 is the default group)',
    body: (s) => s.setGroupBody,
    reply: (_, z) => z.null(),
  },
  securityToken: {
    method: 'POST',
    path: '/api/device/user/phone/security-token',
    access: 'user',
    summary: 'The access key, secret and stream URL to watch and control a phone (DESIGN §4)',
    query: (s) => s.securityTokenQuery,
    reply: (s) => s.securityTokenSchema,
  },
} satisfies EndpointGroup;

/** /api/device/phone-group: the user's phone groups; the default group cannot be renamed or deleted. */
export const phoneGroup = {
  simpleList: {
    method: 'GET',
    path: '/api/device/phone-group/simple-list',
    access: 'user',
    summary: 'The default group and the user’s own groups, with phone counts',
    reply: (s, z) => z.array(s.phoneGroupSchema),
  },
  create: {
    method: 'POST',
    path: '/api/device/phone-group/create',
    access: 'user',
    summary: 'Create a group (name 1–20 characters)',
    body: (s) => s.createGroupBody,
    reply: (s) => s.groupCreatedSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/device/phone-group/update',
    access: 'user',
    summary: 'Rename a group',
    body: (s) => s.updateGroupBody,
    reply: (_, z) => z.null(),
  },
  delete: {
    method: 'DELETE',
    path: '/api/device/phone-group/delete',
    access: 'user',
    summary: 'Delete a group; its phones return to the default group',
    query: (s) => s.groupIdQuery,
    reply: (_, z) => z.null(),
  },
} satisfies EndpointGroup;

/** /api/device/phone-mock-model: the handset a phone passes for. */
export const phoneMockModel = {
  current: {
    method: 'GET',
    path: '/api/device/phone-mock-model/current',
    access: 'user',
    summary: 'The handset a phone passes for now',
    query: (s) => s.userPhoneIdQuery,
    reply: (s) => s.mockModelSchema,
  },
  listManufacturer: {
    method: 'GET',
    path: '/api/device/phone-mock-model/list-manufacturer',
    access: 'user',
    summary: 'The manufacturers whose handsets a phone can pass for',
    reply: (_, z) => z.array(z.string()),
  },
  list: {
    method: 'GET',
    path: '/api/device/phone-mock-model/list',
    access: 'user',
    summary: "One manufacturer's handsets",
    query: (s) => s.mockModelListQuery,
    reply: (s, z) => z.array(s.mockModelSchema),
  },
  mock: {
    method: 'POST',
    path: '/api/device/phone-mock-model/mock',
    access: 'user',
    summary: 'Pass the phone off as another handset; its apps and files stay (the phone restarts)',
    body: (s) => s.mockModelBody,
    reply: (s) => s.taskReplySchema,
  },
} satisfies EndpointGroup;
