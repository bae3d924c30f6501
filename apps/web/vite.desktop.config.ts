import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * The desktop client's UI (issue 30): a build of its own, so the phone app's first load and its
 * budget stay as they are. Served at /desktop/ (outside the phone app's service-worker scope); built
 * into dist/desktop after the phone app.
 */
export default defineConfig({
  base: '/desktop/',
  // The phone app's icons and worker stay the phone app's: the page names its icon under /app/.
  publicDir: false,
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  build: {
    outDir: 'dist/desktop',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: 'desktop.html' },
  },
});
