import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { expect, it } from 'vitest';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const read = <T>(file: string) => JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as T;

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
}

// Issue 10 §7: `npm ci` on the Node the README names (engines of package.json) warns of no engine.
it('locks only packages that run on the oldest Node the project supports', () => {
  const supported = read<{ engines: { node: string } }>('package.json').engines.node;
  const oldest = semver.minVersion(supported);
  expect(oldest?.major).toBe(20);
  const { packages } = read<{ packages: Record<string, LockedPackage> }>('package-lock.json');
  const refusing = Object.entries(packages)
    .filter(([, locked]) => locked.engines?.node && !semver.satisfies(oldest ?? '', locked.engines.node))
    .map(([path, locked]) => `${path}@${locked.version ?? ''} wants node ${locked.engines?.node ?? ''}`);
  expect(refusing).toEqual([]);
});
