import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';
import { openDatabase } from '../src/db/database';
import { buildTestApp } from './helpers/databases';

const ENDPOINTS_DIR = fileURLToPath(new URL('../../../packages/contracts/src/endpoints/', import.meta.url));

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'reply' in value;

/** Every entry of every catalogue file (one file per URL folder, in a folder per domain), as `METHOD /path — summary`. */
async function catalogueEntries(): Promise<string[]> {
  const files = readdirSync(ENDPOINTS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('/'));
  const entries: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.ts'))) {
    const exported = Object.values((await import(pathToFileURL(join(ENDPOINTS_DIR, file)).href)) as object);
    for (const endpoint of exported.filter(isEndpoint))
      entries.push(`${endpoint.method} ${endpoint.path} — ${endpoint.summary}`);
  }
  return entries.sort();
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
