import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * Hosts that join (issue 32, DESIGN §8). A joined host has its own key (`host_key`; null for the
 * embedded host and `DEVICE_HOSTS`, which use the data folder's), says what it is — where its host API
 * is, how many phones it takes, its region, where its ADB endpoints listen — and beats
 * (`last_seen_at`); the operator drains it (`draining`). `host_join_token` holds the admin CLI's join
 * tokens by their hash: each joins one host once, before it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'integer' | typeof wideInteger, boolean][] = [
    ['host_key', 'text', false],
    ['api_url', 'text', true],
    ['capacity', 'integer', false],
    ['region', 'text', true],
    ['adb_address', 'text', true],
    ['adb_port_from', 'integer', false],
    ['adb_port_to', 'integer', false],
    ['last_seen_at', wideInteger, false],
  ];
  // One column a statement: SQLite adds them one at a time.
  for (const [name, type, text] of columns)
    await db.schema
      .alterTable('device_host')
      .addColumn(name, type, (c) => (text ? c.notNull().defaultTo('') : c))
      .execute();
  await db.schema
    .alterTable('device_host')
    .addColumn('draining', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('host_join_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    // The host it joins: a new one, or a known one given a new key (its old key stops working).
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .addColumn('used_at', wideInteger)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('host_join_token').execute();
  for (const name of [
    'draining',
    'last_seen_at',
    'adb_port_to',
    'adb_port_from',
    'adb_address',
    'region',
    'capacity',
    'api_url',
    'host_key',
  ])
    await db.schema.alterTable('device_host').dropColumn(name).execute();
}
