import type { Endpoint } from '../endpoint';

/**
 * /api/files: the user's library of files and apps, and pushing them to phones (issue 14). The upload
 * itself (`/api/files/upload`, the tus protocol), the live channel (`/api/events`) and the blob URLs
 * hosts fetch are not JSON calls: the server serves them outside the catalogue (see files.ts, live-events.ts).
 */

export const page = {
  method: 'GET',
  path: '/api/files/page',
  access: 'user',
  summary: "A page of the user's library (newest first), with the room it takes and the quota",
  query: (s) => s.filePageQuery,
  reply: (s) => s.filePageSchema,
} satisfies Endpoint;

const deleteFile = {
  method: 'DELETE',
  path: '/api/files/delete',
  access: 'user',
  summary: 'Delete a file of the library (refused while it is being pushed or installed)',
  query: (s) => s.fileIdQuery,
  reply: (_s, z) => z.null(),
} satisfies Endpoint;
// `delete` names the call as its path does, though it cannot name a constant.
export { deleteFile as delete };

export const push = {
  method: 'POST',
  path: '/api/files/push',
  access: 'user',
  phone: 'push',
  summary: 'Push files to phones (installing the apps when asked); the reply names the batch',
  body: (s) => s.pushBody,
  reply: (s) => s.pushReplySchema,
} satisfies Endpoint;

export const pushPage = {
  method: 'GET',
  path: '/api/files/push/page',
  access: 'user',
  phone: 'watch',
  summary: 'Records of a push batch or of a phone, with the state of every (file, phone) pair',
  query: (s) => s.pushRecordQuery,
  reply: (s) => s.pushRecordPageSchema,
} satisfies Endpoint;

export const pushRetry = {
  method: 'PUT',
  path: '/api/files/push/retry',
  access: 'user',
  phone: 'push',
  summary: 'Try the failed pairs of a batch on the phones named again',
  body: (s) => s.pushRetryBody,
  reply: (s) => s.pushRetryReplySchema,
} satisfies Endpoint;
