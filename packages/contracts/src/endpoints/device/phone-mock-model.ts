import type { Endpoint } from '../endpoint';

/** /api/device/phone-mock-model: the handset a phone passes for. */

export const current = {
  method: 'GET',
  path: '/api/device/phone-mock-model/current',
  access: 'user',
  phone: 'watch',
  summary: 'The handset a phone passes for now',
  query: (s) => s.userPhoneIdQuery,
  reply: (s) => s.mockModelSchema,
} satisfies Endpoint;

export const listManufacturer = {
  method: 'GET',
  path: '/api/device/phone-mock-model/list-manufacturer',
  access: 'user',
  summary: 'The manufacturers whose handsets a phone can pass for',
  reply: (_, z) => z.array(z.string()),
} satisfies Endpoint;

export const list = {
  method: 'GET',
  path: '/api/device/phone-mock-model/list',
  access: 'user',
  summary: "One manufacturer's handsets",
  query: (s) => s.mockModelListQuery,
  reply: (s, z) => z.array(s.mockModelSchema),
} satisfies Endpoint;

export const mock = {
  method: 'POST',
  path: '/api/device/phone-mock-model/mock',
  access: 'user',
  phone: 'configure',
  summary: 'Pass the phone off as another handset; its apps and files stay (the phone restarts)',
  body: (s) => s.mockModelBody,
  reply: (s) => s.taskReplySchema,
} satisfies Endpoint;
