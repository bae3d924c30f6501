import fp from 'fastify-plugin';
import type { AppDatabase } from '../db/database';
import { createRepositories, type Repositories } from '../repositories/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    repos: Repositories;
  }
}

/** Makes the database and its repositories available to services; closes the database with the app. */
export const dbPlugin = fp<{ db: AppDatabase }>(async (app, { db }) => {
  app.decorate('db', db);
  app.decorate('repos', createRepositories(db));
  app.addHook('onClose', async () => {
    await db.destroy();
  });
});
