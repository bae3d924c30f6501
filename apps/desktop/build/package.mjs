#!/usr/bin/env node
/**
 * `npm run desktop:package`: the desktop client as one executable for this machine (Node's single
 * executable applications): the shell bundled to one CommonJS file with esbuild, the key hook's native
 * module as an asset (build/native-hook.cjs writes it out at run time), and both injected into a copy
 * of this Node with postject. Built and checked on Linux x64; the Windows and macOS steps are in
 * apps/desktop/README.md, untested.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const app = fileURLToPath(new URL('..', import.meta.url));
const out = join(app, 'dist');
const require = createRequire(import.meta.url);
const hook = join(
  dirname(require.resolve('uiohook-napi/package.json')),
  'prebuilds',
  `${process.platform}-${process.arch}`,
);
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(app, 'src/main.ts')],
  outfile: join(out, 'main.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  alias: { 'node-gyp-build': join(app, 'build/native-hook.cjs') },
  logLevel: 'warning',
});

const config = join(out, 'sea-config.json');
writeFileSync(
  config,
  JSON.stringify({
    main: join(out, 'main.cjs'),
    output: join(out, 'sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    assets: { 'uiohook.node': join(hook, 'uiohook-napi.node') },
  }),
);
execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
const executable = join(out, process.platform === 'win32' ? 'cloudphone-desktop.exe' : 'cloudphone-desktop');
copyFileSync(process.execPath, executable);
chmodSync(executable, 0o755);
execFileSync(
  process.execPath,
  [
    require.resolve('postject/dist/cli.js'),
    executable,
    'NODE_SEA_BLOB',
    join(out, 'sea-prep.blob'),
    '--sentinel-fuse',
    'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
    ...(process.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : []),
  ],
  { stdio: 'inherit' },
);
console.log(`desktop client: ${executable}`);
