import { sql, type Kysely, type SqlBool } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * A phone given back (issue 60): `released_at` when its order was refunded — it no longer counts on its
 * host, whose devices are that many — and `host_released_at` once its host freed what ran it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_phone').addColumn('released_at', wideInteger).execute();
  await db.schema.alterTable('user_phone').addColumn('host_released_at', wideInteger).execute();
  // The delivery job's worklist: phones given back whose hosts have not been told, from their own index.
  await db.schema
    .createIndex('user_phone_release_untold_idx')
    .on('user_phone')
    .column('id')
    .where(sql<SqlBool>`"released_at" is not null and "host_released_at" is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_phone_release_untold_idx').execute();
  await db.schema.alterTable('user_phone').dropColumn('host_released_at').execute();
  await db.schema.alterTable('user_phone').dropColumn('released_at').execute();
}
