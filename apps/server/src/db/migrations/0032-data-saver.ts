import type { Kysely } from 'kysely';

/**
 * An account's data saver (issue 58): the most "auto" streams a phone at, kbps. Null follows the
 * tenant's default (`stream.data.saver.kbps`); 0 is none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('data_saver_kbps', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('data_saver_kbps').execute();
}
