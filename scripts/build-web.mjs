#!/usr/bin/env node
/**
 * Builds the web app only when its sources changed since the last build (issue 22: a quiet start).
 * The sources are the web app's own files and the contracts it imports; their hash is kept beside the
 * build, so `npm start` and the browser tests skip a build nothing has changed, and print one line.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const stamp = join(dist, '.sources');
const SOURCES = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'desktop.html'),
  join(web, 'console.html'),
  join(web, 'vite.config.ts'),
  join(web, 'vite.desktop.config.ts'),
  join(web, 'vite.console.config.ts'),
  join(web, 'vite.prerender.config.ts'),
  // The build's own plugins (how pages are split, which files a first page preloads).
  join(web, 'build'),
  join(web, 'package.json'),
  join(root, 'packages/contracts/src'),
  join(root, 'package-lock.json'),
];

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) return yield path;
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    yield* files(join(path, entry));
  }
}

const hash = createHash('sha256');
for (const source of SOURCES)
  for (const file of files(source)) hash.update(relative(root, file)).update('\0').update(readFileSync(file));
const digest = hash.digest('hex');

if (!process.argv.includes('--force') && existsSync(join(dist, 'index.html')) && existsSync(stamp)) {
  if (readFileSync(stamp, 'utf8') === digest) {
    console.log('web app: up to date');
    process.exit(0);
  }
}

const started = Date.now();
// The phone app, its login page's server render into dist/prerender (issue 28), then the desktop
// client's UI into dist/desktop (issue 30) and the console into dist/console (issue 62).
for (const config of [
  'vite.config.ts',
  'vite.prerender.config.ts',
  'vite.desktop.config.ts',
  'vite.console.config.ts',
]) {
  const build = spawnSync('npx', ['vite', 'build', '--config', config, '--logLevel', 'error'], {
    cwd: web,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
writeFileSync(stamp, digest);
const count = [...files(join(dist, 'assets'))].filter((f) => !/\.(br|gz)$/.test(f)).length;
console.log(`web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s (${count} files)`);
