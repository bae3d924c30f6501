import type { Endpoint } from '../endpoint';

/** /api/admin/codes: activation codes (issue 62). */

export const generate = {
  method: 'POST',
  path: '/api/admin/codes/generate',
  access: 'operator',
  console: 'codes.write',
  summary: 'Generate activation codes for a package, as one batch',
  body: (s) => s.adminCodesGenerateBody,
  reply: (s) => s.adminCodesGeneratedSchema,
  bodyLimit: 4 * 1024,
} satisfies Endpoint;

export const search = {
  method: 'GET',
  path: '/api/admin/codes/search',
  access: 'operator',
  console: 'codes.read',
  summary: 'Activation codes by batch or code, newest first',
  query: (s) => s.adminCodeQuery,
  reply: (s) => s.adminCodePageSchema,
} satisfies Endpoint;

export const voidCodes = {
  method: 'POST',
  path: '/api/admin/codes/void',
  access: 'operator',
  console: 'codes.write',
  summary: "Void a batch's unused codes, or the unused ones of a list",
  body: (s) => s.adminCodesVoidBody,
  reply: (s) => s.adminCodesVoidedSchema,
  bodyLimit: 64 * 1024,
} satisfies Endpoint;

export const exportBatch = {
  method: 'GET',
  path: '/api/admin/codes/export',
  access: 'operator',
  console: 'codes.read',
  summary: "A batch's every code, for its CSV",
  query: (s) => s.adminCodeExportQuery,
  reply: (s) => s.adminCodeExportSchema,
} satisfies Endpoint;
