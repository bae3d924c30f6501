import type { Endpoint } from '../endpoint';

/** A picture of up to 1 MB (the schemas' `PICTURE_MAX_BYTES`) in base64, a third larger, with the rest of its body. */
const PICTURE_BODY_LIMIT = 1_400_000;

/** /api/admin/clients: the tenant's clients and limits (issue 63), as `client:*` and `config:set` set them. */

export const list = {
  method: 'GET',
  path: '/api/admin/clients/list',
  access: 'operator',
  console: 'clients.read',
  summary: "The tenant's clients with their look, functions, agreements, customer service and settings; its limits",
  reply: (s) => s.adminClientsSchema,
} satisfies Endpoint;

export const setTheme = {
  method: 'POST',
  path: '/api/admin/clients/theme',
  access: 'operator',
  console: 'clients.write',
  summary: "Set a client's theme",
  body: (s) => s.adminThemeBody,
  reply: (s) => s.adminClientSchema,
} satisfies Endpoint;

export const setLogo = {
  method: 'POST',
  path: '/api/admin/clients/logo',
  access: 'operator',
  console: 'clients.write',
  summary: "Set a client's logo (PNG, JPEG or SVG, base64): the app, its favicon and its installed icon show it",
  body: (s) => s.adminLogoBody,
  bodyLimit: PICTURE_BODY_LIMIT,
  reply: (s) => s.adminClientSchema,
} satisfies Endpoint;

export const setFunction = {
  method: 'POST',
  path: '/api/admin/clients/function',
  access: 'operator',
  console: 'clients.write',
  summary: "Switch one of a client's functions on or off",
  body: (s) => s.adminFunctionBody,
  reply: (s) => s.adminClientSchema,
} satisfies Endpoint;

export const setAgreement = {
  method: 'POST',
  path: '/api/admin/clients/agreement',
  access: 'operator',
  console: 'clients.write',
  summary: "Set a client's user or privacy agreement in both languages",
  body: (s) => s.adminAgreementBody,
  /** Two pages of up to 100,000 characters, Chinese ones three bytes each. */
  bodyLimit: 1024 * 1024,
  reply: (s) => s.adminClientSchema,
} satisfies Endpoint;

export const setCustomerService = {
  method: 'POST',
  path: '/api/admin/clients/customer-service',
  access: 'operator',
  console: 'clients.write',
  summary: "Set a client's customer-service contact: a QR picture, a link, working hours",
  body: (s) => s.adminCustomerServiceBody,
  bodyLimit: PICTURE_BODY_LIMIT,
  reply: (s) => s.adminClientSchema,
} satisfies Endpoint;

export const setSetting = {
  method: 'POST',
  path: '/api/admin/clients/setting',
  access: 'operator',
  console: 'clients.write',
  summary: "Set one of a client's download and version settings",
  body: (s) => s.adminClientSettingBody,
  reply: (s) => s.adminClientSchema,
} satisfies Endpoint;

export const setLimit = {
  method: 'POST',
  path: '/api/admin/clients/limit',
  access: 'operator',
  console: 'clients.write',
  summary: "Set one of the tenant's limits",
  body: (s) => s.adminLimitBody,
  reply: (s, z) => z.null(),
} satisfies Endpoint;
