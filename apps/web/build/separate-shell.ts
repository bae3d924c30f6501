import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * The build of a shell that is not the phone app — the desktop client's UI (issue 30), the console
 * (issue 62): one of its own, so the phone app's first load and its budget stay as they are. Served
 * at /{name}/ (outside the phone app's service-worker scope) from `{name}.html`, built into
 * dist/{name} after the phone app.
 */
export function separateShell(name: 'desktop' | 'console'): UserConfig {
  return defineConfig({
    base: `/${name}/`,
    // The phone app's icons and worker stay the phone app's: the page names its icon under /app/.
    publicDir: false,
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
    build: {
      outDir: `dist/${name}`,
      emptyOutDir: true,
      sourcemap: false,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: `${name}.html` },
    },
  });
}
