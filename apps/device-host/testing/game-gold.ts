import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { goldOf } from '../src/drivers/virtual/screens/game';
import type { PhoneState } from '../src/drivers/virtual/phone-state';

/**
 * The demo game's gold on each phone of a host, as its store keeps the game (issue 65) — read by a
 * second reader of the store in `dataDir` while the host runs, at `now`.
 */
export function storedGold(dataDir: string, now = Date.now()): Map<string, number> {
  const store = new SQLite(join(dataDir, 'device-host.sqlite'), { readonly: true });
  try {
    const rows = store.prepare('select instance_no, state from phone').all() as {
      instance_no: string;
      state: string;
    }[];
    return new Map(rows.map((r) => [r.instance_no, goldOf(JSON.parse(r.state) as PhoneState, now)]));
  } finally {
    store.close();
  }
}
