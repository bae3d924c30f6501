import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../src/db/database';
import { catalogueEndpoints } from './helpers/catalogue';
import { buildTestApp } from './helpers/databases';

/** Every entry of the catalogue as `METHOD /path — summary`. */
async function catalogueEntries(): Promise<string[]> {
  return (await catalogueEndpoints()).map((e) => `${e.method} ${e.path} — ${e.summary}`).sort();
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { summary: string }>>;
}

describe('the endpoint catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Not the database's concern: one in-memory SQLite is enough. The console SMS provider brings /api/dev/*.
    app = await buildTestApp(openDatabase(':memory:'));
  });
  afterAll(() => app.close());

  it('is what the server serves: every /api/* route comes from it, and every entry is served', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    const served = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, op]) => `${method.toUpperCase()} ${path} — ${op.summary}`),
      )
      .sort();
    const catalogue = await catalogueEntries();
    expect(catalogue.length).toBeGreaterThanOrEqual(69);
    expect(new Set(catalogue).size).toBe(catalogue.length);
    expect(served).toEqual(catalogue);
  });

  it('refuses an /api/* route that is not in the catalogue', async () => {
    const fresh = await buildTestApp(openDatabase(':memory:'));
    try {
      expect(() => fresh.get('/api/merchant/user/stray', async () => ({ code: 0, msg: '', data: null }))).toThrow(
        /not in the endpoint catalogue/,
      );
    } finally {
      await fresh.close();
    }
  });
});
