import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll } from 'vitest';

/** The files of a small built web app, as the web build lays them out (apps/web/vite.config.ts). */
export const WEB_FILES = {
  'index.html':
    '<!doctype html><html lang="zh-CN"><head><script type="module" src="/app/assets/index-3f2a1b9c.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/app/assets/index-7a8b9c0d.css"></head>' +
    '<body><div id="root"><svg class="cp-splash"></svg></div></body></html>',
  'assets/index-3f2a1b9c.js': `console.log(${JSON.stringify('the app '.repeat(200))});`,
  'assets/index-7a8b9c0d.css': '.cp-splash{display:block;margin:40vh auto 0}',
  'sw.js': `self.addEventListener('fetch', () => {}); // ${'worker '.repeat(50)}`,
  'manifest.webmanifest': '{"name":"Cloudphone","start_url":"/app/"}',
  'first-load.json': JSON.stringify({
    pages: { login: ['assets/LoginPage-1a2b3c4d.js'], home: ['assets/HomePage-5e6f7a8b.js'] },
    locales: { 'zh-CN': ['assets/zh-CN-0a1b2c3d.js'], 'en-US': ['assets/en-US-4e5f6a7b.js'] },
  }),
  // The login page's server render (apps/web/src/app/prerender.tsx) and the styles it needs.
  'prerender/login-page.js':
    'export const renderLoginPage = ({ clientNo, language, about }) =>' +
    ' `<div class="cp-login" data-language="${language}"><h1>${about.clientName}</h1>' +
    '<input placeholder="phone"><a href="/app/forget-password/${clientNo}">?</a></div>`;',
  'prerender/assets/style-5c6d7e8f.css': '.cp-login{padding:32px 16px}',
} as const;

/**
 * A built web app in a temporary folder, each text file with its brotli and gzip twins beside it as
 * the build writes them; removed when the suite ends.
 */
export function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'cloudphone-web-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(WEB_FILES)) {
    const file = join(dist, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (name.endsWith('.webmanifest')) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  return dist;
}
