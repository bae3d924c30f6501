import { sql, type Kysely, type SqlBool } from 'kysely';

/**
 * A host's load (issue 63): the phones each host holds, counted for the console's host list and for every
 * placement, off an index of the phones not given back — a count that never reads the phones table whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('user_phone_host_held_idx')
    .on('user_phone')
    .column('device_host_id')
    .where(sql<SqlBool>`"released_at" is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_phone_host_held_idx').execute();
}
