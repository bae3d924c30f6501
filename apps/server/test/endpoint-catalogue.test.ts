import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as phoneGroup from '@cloudphone/contracts/endpoints/device/phone-group';
import { openDatabase } from '../src/db/database';
import { defineRoute } from '../src/http/route';
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
    // Besides the catalogue, the document describes the tus upload (not JSON, documented by hand).
    const tus = served.filter((entry) => entry.includes(' /api/files/upload'));
    expect(tus.map((entry) => entry.split(' —')[0])).toEqual([
      'DELETE /api/files/upload/{id}',
      'HEAD /api/files/upload/{id}',
      'PATCH /api/files/upload/{id}',
      'POST /api/files/upload',
    ]);
    expect(served.filter((entry) => !tus.includes(entry))).toEqual(catalogue);
  });

  it('sends only what the catalogue declares: an undeclared reply field never leaves the server', async () => {
    const bare = Fastify();
    defineRoute(bare, phoneGroup.simpleList, async () => [
      { groupId: 0, groupName: 'Default', count: 2, isDefault: true, ownerPasswordHash: 'secret' },
    ]);
    const reply = await bare.inject({ url: phoneGroup.simpleList.path });
    expect(reply.json()).toEqual({
      code: 0,
      msg: '',
      data: [{ groupId: 0, groupName: 'Default', count: 2, isDefault: true }],
    });
    await bare.close();
  });

  it('refuses an /api/* route that is not in the catalogue', async () => {
    const fresh = await buildTestApp(openDatabase(':memory:'));
    try {
      expect(() => fresh.get('/api/merchant/user/stray', async () => ({ code: 0, msg: '', data: null }))).toThrow(
        /not in the endpoint catalogue/,
      );
      // Carrying docs written by hand is not enough: only the catalogue and the few non-JSON routes pass.
      const docs = { summary: 'Stray', access: 'public' as const, response: z.null() };
      expect(() => fresh.get('/api/merchant/user/stray2', { config: { docs } }, async () => null)).toThrow(
        /not in the endpoint catalogue/,
      );
    } finally {
      await fresh.close();
    }
  });
});
