import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  base: '/app/',
  plugins: [
    react(),
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
    // Fewer, larger files: a phone on a slow network fetches six at a time, and each round trip
    // costs (Lighthouse counts them). The entry is one file — exactly the modules index.html loads at
    // once, so nothing a page loads later joins it. The libraries pages load later go by the set of
    // pages that use them, small sets merged into their neighbours, so a page still loads only about
    // what it needs.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false, priority: 2 },
            {
              name: 'lib',
              test: /node_modules[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
        // A library file is named by the pages that share it; its hash is name enough.
        chunkFileNames: (chunk) => (chunk.name.startsWith('lib') ? 'assets/lib-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
