import { defineConfig } from 'vitest/config';

// Unit and route tests. The browser end-to-end suite has its own config in e2e/.
export default defineConfig({
  test: {
    // A worker a core, not vitest's cores − 1: route tests wait on databases, child processes and timers for
    // a quarter of their time, so on our two cores the second worker takes the unit run from 12 to 9 minutes.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'apk', include: ['packages/apk/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'device-host',
          include: ['apps/device-host/src/**/*.test.ts', 'apps/device-host/test/**/*.test.ts'],
          environment: 'node',
          passWithNoTests: true,
        },
      },
      // The desktop client's shell (issue 30); its browser journeys are in e2e/.
      { test: { name: 'desktop', include: ['apps/desktop/test/**/*.test.ts'], environment: 'node' } },
      'apps/web/vitest.config.ts',
      // The web app's production build and its size budget (issue 10 §6), outside the browser-like web project.
      {
        test: {
          name: 'web-build',
          include: ['apps/web/build/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
