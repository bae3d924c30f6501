import type { Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * A phone given back (issue 60): `released_at` when its order was refunded — it no longer counts on its
 * host, whose devices are that many — and `host_released_at` once its host freed what ran it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_phone').addColumn('released_at', wideInteger).execute();
  await db.schema.alterTable('user_phone').addColumn('host_released_at', wideInteger).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_phone').dropColumn('host_released_at').execute();
  await db.schema.alterTable('user_phone').dropColumn('released_at').execute();
}
