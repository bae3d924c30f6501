import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The login page's server-side render (issue 28, src/app/prerender.tsx): one self-contained module
 * for Node in dist/prerender, libraries included, so the server imports it without the web app's
 * dependencies. Built after the phone app (whose build empties dist).
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: 'dist/prerender',
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    // The page's styles as one file, which the server writes into the page beside the markup.
    ssrEmitAssets: true,
    cssCodeSplit: false,
    rolldownOptions: {
      output: { entryFileNames: 'login-page.js' },
      // Both languages' texts are imported here on purpose (the app itself loads one on demand).
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
});
