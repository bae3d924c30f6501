import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/app/',
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:8080', '/stream': { target: 'ws://localhost:8080', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
