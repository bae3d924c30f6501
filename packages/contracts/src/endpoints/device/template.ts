import type { Endpoint } from '../endpoint';

/** /api/device/template: clone templates made from the user's phones (issue 15). */

export const create = {
  method: 'POST',
  path: '/api/device/template/create',
  access: 'user',
  phone: 'template',
  summary: "Make a template of a phone's user data (apps, files, notes, clipboard, settings, game)",
  body: (s) => s.createTemplateBody,
  reply: (s) => s.templateIdReply,
} satisfies Endpoint;

export const page = {
  method: 'GET',
  path: '/api/device/template/page',
  access: 'user',
  summary: "A page of the user's templates: state, progress, size, creation time and days until expiry",
  query: (s) => s.templatePageQuery,
  reply: (s) => s.templatePageSchema,
} satisfies Endpoint;

const deleteTemplate = {
  method: 'DELETE',
  path: '/api/device/template/delete',
  access: 'user',
  summary: 'Delete a template (refused while a clone is putting it on a phone)',
  query: (s) => s.templateIdQuery,
  reply: (_, z) => z.null(),
} satisfies Endpoint;

// `delete` names the call as its path does, though it cannot name a constant.
export { deleteTemplate as delete };
