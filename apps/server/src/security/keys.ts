import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Secrets generated on first run and kept in the data folder (DESIGN §6). */
export interface Keys {
  /** Signs access tokens and short-lived tickets. */
  tokenKey: string;
  /** Shared only by the server and its device hosts: signs the host API and phone access keys. */
  hostKey: string;
}

export function loadOrCreateKeys(dataDir: string): Keys {
  const file = join(dataDir, 'keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Keys;
  const keys: Keys = { tokenKey: randomBytes(32).toString('hex'), hostKey: randomBytes(32).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

export function randomKeys(): Keys {
  return { tokenKey: randomBytes(32).toString('hex'), hostKey: randomBytes(32).toString('hex') };
}
