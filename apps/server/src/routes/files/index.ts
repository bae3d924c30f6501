import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  fileIdQuery,
  filePageQuery,
  filePageSchema,
  pushBody,
  pushRecordPageSchema,
  pushRecordQuery,
  pushReplySchema,
  pushRetryBody,
  pushRetryReplySchema,
} from '@cloudphone/contracts/files';
import { defineRoute } from '../../http/route';
import blobRoutes from './blob';
import uploadRoutes from './upload';

/** /api/files: the user's library of files and apps, uploads, and pushes to phones (issue 14). */
export default async function filesRoutes(app: FastifyInstance, options: { hostKey: string }) {
  const { files, filePushes } = app.services;

  defineRoute(app, {
    method: 'GET',
    url: '/page',
    summary: "A page of the user's library (newest first), with the room it takes and the quota",
    access: 'user',
    query: filePageQuery,
    response: filePageSchema,
    handler: ({ auth, query }) => files.library(auth, query),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/delete',
    summary: 'Delete a file of the library (refused while it is being pushed or installed)',
    access: 'user',
    query: fileIdQuery,
    response: z.null(),
    handler: ({ auth, query }) => files.remove(auth, query.fileId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/push',
    summary: 'Push files to phones (installing the apps when asked); the reply names the batch',
    access: 'user',
    body: pushBody,
    response: pushReplySchema,
    handler: ({ auth, body }) => filePushes.push(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/push/page',
    summary: 'Records of a push batch or of a phone, with the state of every (file, phone) pair',
    access: 'user',
    query: pushRecordQuery,
    response: pushRecordPageSchema,
    handler: ({ auth, query }) => filePushes.records(auth, query),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/push/retry',
    summary: 'Try the failed pairs of a batch on the phones named again',
    access: 'user',
    body: pushRetryBody,
    response: pushRetryReplySchema,
    handler: ({ auth, body }) => filePushes.retry(auth, body),
  });

  await app.register(uploadRoutes);
  await app.register(blobRoutes, { hostKey: options.hostKey });
}
