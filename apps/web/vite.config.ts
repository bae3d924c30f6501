import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { firstLoad } from './build/first-load';
import { firstPageChunks } from './build/first-page-chunks';
import { pureContracts } from './build/pure-contracts';

const firstPages = firstPageChunks();

export default defineConfig({
  base: '/app/',
  plugins: [
    react(),
    firstLoad(),
    pureContracts(),
    firstPages.plugin,
    // Brotli and gzip beside every text file, made once at build: the server sends the one the
    // browser accepts (issue 10 §6), at the best ratio without compressing per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  server: { proxy: { '/api': 'http://localhost:8080', '/stream': { target: 'ws://localhost:8080', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself (Safari since 17); an older one only
    // fetches them a little later. The polyfill would cost the entry script bytes every phone downloads.
    modulePreload: { polyfill: false },
    // The entry as one file: the modules index.html loads at once are one group, not forty small
    // files that a phone on a slow network fetches six at a time (Lighthouse counts each round trip).
    // Only the modules the entry imports statically, so nothing a page loads later joins it. Then the
    // first pages' modules, grouped by the first pages that load them (build/first-page-chunks.ts).
    // (One group of every library broke antd-mobile's dialogs at run time: left alone.)
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false, priority: 2 },
            firstPages.group,
          ],
        },
      },
    },
  },
});
