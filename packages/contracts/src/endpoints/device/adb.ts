import type { Endpoint } from '../endpoint';

/** /api/device/adb: ADB access to a phone the user owns (issue 35; `connect_button` switches it off). */

export const enable = {
  method: 'POST',
  path: '/api/device/adb/enable',
  access: 'user',
  phone: 'adb',
  summary: 'Open an ADB endpoint for the phone: `adb connect host:port` with a key of the account',
  body: (s) => s.adbPhoneBody,
  reply: (s) => s.adbAccessSchema,
} satisfies Endpoint;

export const disable = {
  method: 'PUT',
  path: '/api/device/adb/disable',
  access: 'user',
  phone: 'adb',
  summary: 'Close the phone’s ADB endpoint and its connections',
  body: (s) => s.adbPhoneBody,
  reply: (s) => s.adbAccessSchema,
} satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/device/adb/get',
  access: 'user',
  phone: 'adb',
  summary: 'Whether ADB is on for the phone, and where it listens',
  query: (s) => s.adbPhoneQuery,
  reply: (s) => s.adbAccessSchema,
} satisfies Endpoint;
