/* eslint-disable @typescript-eslint/no-require-imports -- the executable runs CommonJS, where require is the way in */
// Stands in for `node-gyp-build` in the single executable (build/package.mjs): the key hook's native
// module travels inside the executable as an asset and is written once to the user's cache folder,
// because a native module can only be loaded from a file.
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { homedir, tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = function loadNativeHook() {
  const sea = require('node:sea');
  // This file replaces node-gyp-build only in the bundle, which runs only as the executable.
  if (!sea.isSea()) throw new Error('the bundle runs as the packaged executable; from the clone, use npm run desktop');
  const bytes = Buffer.from(sea.getRawAsset('uiohook.node'));
  const name = `uiohook-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.node`;
  const dir = process.env.XDG_CACHE_HOME ?? (homedir() ? join(homedir(), '.cache') : tmpdir());
  const file = join(dir, 'cloudphone-desktop', name);
  if (!existsSync(file)) {
    mkdirSync(join(dir, 'cloudphone-desktop'), { recursive: true });
    writeFileSync(file, bytes);
  }
  const module = { exports: {} };
  process.dlopen(module, file);
  return module.exports;
};
