import type { FastifyInstance } from 'fastify';
import * as files from '@cloudphone/contracts/endpoints/files/index';
import { defineRoute } from '../../http/route';
import blobRoutes from './blob';
import uploadRoutes from './upload';

/** /api/files: the user's library of files and apps, uploads, and pushes to phones (issue 14). */
export default async function filesRoutes(app: FastifyInstance) {
  const { files: library, filePushes } = app.services;
  defineRoute(app, files.page, ({ auth, query }) => library.library(auth, query));
  defineRoute(app, files.delete, ({ auth, query }) => library.remove(auth, query.fileId));
  defineRoute(app, files.push, ({ gate, body }) => filePushes.push(gate, body));
  defineRoute(app, files.pushPage, ({ gate, query }) => filePushes.records(gate, query));
  defineRoute(app, files.pushRetry, ({ gate, body }) => filePushes.retry(gate, body));
  await app.register(uploadRoutes);
  await app.register(blobRoutes);
}
