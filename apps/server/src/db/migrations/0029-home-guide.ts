import type { Kysely } from 'kysely';

/**
 * The first-login guide is remembered per account (issue 55), not per browser: an account that has
 * been through it (or skipped it) does not see it again in another browser or after a merchant-app entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('app_user')
    .addColumn('home_guide_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('home_guide_seen').execute();
}
