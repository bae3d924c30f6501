import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENTRY_BUDGET_GZIP_BYTES, entryFiles, entrySize } from './entry-size';

const webRoot = resolve(import.meta.dirname, '..');
const dist = mkdtempSync(join(tmpdir(), 'cloudphone-web-build-'));

// The production build as `npm start` makes it, into a folder of its own (NODE_ENV is the test runner's here).
beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: webRoot,
      env,
    },
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('keeps what a phone downloads before the first page within 140 KiB of gzip', () => {
  const size = entrySize(dist);
  expect(size.gzip).toBeLessThanOrEqual(ENTRY_BUDGET_GZIP_BYTES);
  // Brotli, which browsers ask for first, is smaller still; NaN would mean a file without its twin.
  expect(size.brotli).toBeLessThan(size.gzip);
});

it('leaves zod and the animation library to the pages that need them', () => {
  const entry = entryFiles(dist)
    .map((file) => readFileSync(join(dist, file), 'utf8'))
    .join('\n');
  expect(entry).toContain('createRoot');
  expect(entry, 'zod came into the entry: import constants from a module without schemas').not.toContain('$ZodType');
  expect(entry, 'react-spring came into the entry: lazy-load what shows a dialog').not.toContain('SpringValue');
});
