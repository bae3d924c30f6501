import type { Kysely } from 'kysely';

/**
 * Tenants look like themselves (issue 22): a client's logo is a blob (by its hash), from which its
 * favicon and its PWA manifest's icons are made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('client').addColumn('logo_sha256', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('client').dropColumn('logo_sha256').execute();
}
