import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { seedDemo } from '../src/seed/demo';
import { WEB_FILES, webDist } from './helpers/web-dist';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET = '/app/assets/index-3f2a1b9c.js';

// Delivery for mobile networks (issue 10 §6; issue 28). One SQLite database serves.
describe('the built web app under /app/', () => {
  const dist = webDist();
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = openDatabase(':memory:');
    await migrateToLatest(db);
    app = await buildApp({ db, webDist: dist });
    await seedDemo(app.services, app.repos); // the demo client, whose data pages carry
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
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('src="/app/assets/index-3f2a1b9c.js"');
    }
  });

  it("writes the index's stylesheet into every page, so the first picture needs no other file (issue 28)", async () => {
    for (const url of ['/app/demo', '/app/login/demo', '/app/phone-view/demo?userPhoneId=1']) {
      const page = (await get(url)).body;
      expect(page, url).toContain(`<style>${WEB_FILES['assets/index-7a8b9c0d.css']}</style>`);
      expect(page, url).not.toContain('rel="stylesheet"');
    }
  });

  it("writes the public data of the path's client into the page, and nothing for a path with no client (issue 28)", async () => {
    const page = (url: string) => get(url).then((r) => r.body);
    const login = await page('/app/login/demo');
    const island = /<script type="application\/json" id="cp-client">(.*?)<\/script>/.exec(login)?.[1];
    const data = JSON.parse(island ?? 'null') as Record<string, unknown>;
    // Public client data only: what anyone asking get-client-secure-data and get-about-app is told.
    expect(Object.keys(data).sort()).toEqual(['about', 'clientNo', 'functions', 'language', 'secure']);
    expect(data).toMatchObject({
      clientNo: 'demo',
      secure: { platform: 'h5' },
      about: { clientName: expect.any(String) },
      functions: expect.any(Array),
    });
    expect(await page('/app/login')).not.toContain('cp-client');
    expect(await page('/app/login/nosuchclient')).not.toContain('cp-client');
  });

  it("names the first page's files and the language's texts as module preloads, from the build's list", async () => {
    const page = (url: string, language: string) =>
      app.inject({ url, headers: { 'accept-language': language } }).then((r) => r.body);
    const preloads = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads(await page('/app/login/nosuchclient', 'en-US,en;q=0.9'))).toEqual([
      '/app/assets/en-US-4e5f6a7b.js',
      '/app/assets/LoginPage-1a2b3c4d.js',
    ]);
    // A login page drawn by the server needs none before it paints: its code follows the entry.
    expect(preloads(await page('/app/login/demo', 'en-US'))).toEqual([]);
    expect(preloads(await page('/app/demo', 'zh-CN'))).toEqual([
      '/app/assets/zh-CN-0a1b2c3d.js',
      '/app/assets/HomePage-5e6f7a8b.js',
    ]);
    expect(preloads(await page('/app/order-list/demo', 'zh-CN'))).toEqual(['/app/assets/zh-CN-0a1b2c3d.js']);
  });

  it("draws the login page into the HTML with its styles, in the browser's language, taking no input until the app is in", async () => {
    const page = (url: string, language: string) =>
      app.inject({ url, headers: { 'accept-language': language } }).then((r) => r.body);
    const login = await page('/app/login/demo', 'en-US');
    const root = /<div id="root">(.*)<\/div><\/body>/s.exec(login)?.[1] ?? '';
    expect(root).toContain('<div class="cp-login" data-language="en-US"><h1>Cloudphone</h1>');
    expect(root).toContain('/app/forget-password/demo');
    expect(root).toMatch(/^<div style="pointer-events:none" aria-busy="true">/);
    expect(root).toContain('<input readonly placeholder="phone">');
    expect(root).not.toContain('cp-splash');
    expect(login).toContain('<style>.cp-login{padding:32px 16px}</style>');
    // The client's theme and the language on the root element, as the app sets them.
    expect(login).toMatch(/<html lang="en-US" data-theme="default" style="[^"]*--adm-color-primary:/);
    expect(await page('/app/login/demo', 'zh-CN')).toContain('data-language="zh-CN"');
    // Other pages keep the placeholder; a path with no client is drawn by the app alone.
    expect(await page('/app/demo', 'en-US')).toContain('<div id="root"><svg class="cp-splash"></svg></div>');
    expect(await page('/app/login/nosuchclient', 'en-US')).not.toContain('cp-login');
    expect((await get('/app/prerender/login-page.js')).statusCode).toBe(404);
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
