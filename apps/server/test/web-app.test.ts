import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { WEB_FILES, webDist } from './helpers/web-dist';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET = '/app/assets/index-3f2a1b9c.js';

// Delivery for mobile networks (issue 10 §6). No data is read: one SQLite database serves.
describe('the built web app under /app/', () => {
  const dist = webDist();
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = openDatabase(':memory:');
    await migrateToLatest(db);
    app = await buildApp({ db, webDist: dist });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset as brotli, else gzip, else as it is, kept by browsers for a year', async () => {
    const br = await get(ASSET, 'gzip, deflate, br');
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': expect.stringContaining('javascript'),
      'cache-control': IMMUTABLE,
      vary: 'accept-encoding',
    });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(WEB_FILES['assets/index-3f2a1b9c.js']);

    const gzip = await get(ASSET, 'gzip');
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': IMMUTABLE });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(WEB_FILES['assets/index-3f2a1b9c.js']);

    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(WEB_FILES['assets/index-3f2a1b9c.js']);
  });

  it('has every page revalidate the index, compressed, so an update reaches users at once', async () => {
    for (const url of ['/app/', '/app/demo', '/app/login/demo']) {
      const page = await get(url, 'br, gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers, url).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' });
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(WEB_FILES['index.html']);
    }
  });

  it('has the service worker and the manifest revalidated on every load', async () => {
    const worker = await get('/app/sw.js', 'gzip');
    expect(worker.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
    expect(gunzipSync(worker.rawPayload).toString()).toBe(WEB_FILES['sw.js']);
    const manifest = await get('/app/manifest.webmanifest', 'gzip');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.body).toBe(WEB_FILES['manifest.webmanifest']);
  });

  it('never serves the compressed twins under their own names', async () => {
    expect((await get(`${ASSET}.br`)).statusCode).toBe(404);
    expect((await get('/app/assets/missing-00000000.js')).statusCode).toBe(404);
  });
});
