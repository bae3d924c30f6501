import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environment, loadConfig } from './config';

const folder = mkdtempSync(join(tmpdir(), 'cloudphone-env-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Issue 10 §7: the server and the admin CLI load one configuration, `.env` beside the README under the environment.
describe('configuration', () => {
  const envFile = join(folder, '.env');
  writeFileSync(envFile, '# the shop\nDATA_DIR=/srv/cloudphone\nPORT=9000\nLOG_LEVEL="warn"\n');

  it('reads the settings of the .env file', () => {
    const config = loadConfig(environment(envFile, {}));
    expect(config).toMatchObject({
      dataDir: '/srv/cloudphone',
      databaseUrl: '/srv/cloudphone/cloudphone.sqlite',
      port: 9000,
      logLevel: 'warn',
    });
  });

  it('lets a variable set in the environment win over the file', () => {
    expect(loadConfig(environment(envFile, { DATA_DIR: '/var/other' })).dataDir).toBe('/var/other');
  });

  it('leaves the file out under the test runner, so the suite never meets a developer’s settings', () => {
    expect(loadConfig(environment(envFile, { NODE_ENV: 'test' })).dataDir).not.toBe('/srv/cloudphone');
  });

  it('uses the environment alone when there is no .env file', () => {
    expect(loadConfig(environment(join(folder, 'missing.env'), { PORT: '8081' }))).toMatchObject({
      port: 8081,
      logLevel: 'info',
    });
  });
});
