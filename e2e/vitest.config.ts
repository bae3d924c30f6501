import { defineConfig } from 'vitest/config';

// The browser suite: one real server for the whole run (support/global-setup.ts), Chromium per file.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A page answers a server's reply; on a busy two-core CI machine that can take more than poll's 1 s default.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: one browser at a time keeps timings honest.
    fileParallelism: false,
  },
});
