import type { Kysely } from 'kysely';

/**
 * A banner's picture kept by the server (issue 64): the console uploads it, the blob store keeps it, and the
 * client's brand serves it (`/app/brand/{clientNo}/banner/{id}`); null for a banner whose picture is a URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('advertisement').addColumn('image_sha256', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('advertisement').dropColumn('image_sha256').execute();
}
