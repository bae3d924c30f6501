import { sql, type Kysely } from 'kysely';

/**
 * Names you can tell apart, one language per account (issue 22):
 * - a phone going by its number keeps a number no other phone of its owner has; numbers two phones
 *   of one account came to share (a transfer out, then a purchase) get the next free ones, then a
 *   unique index keeps it so;
 * - `app_user.first_language`: the language the app showed at the account's first login, which the
 *   phones it receives start in until the user chooses one (`language`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: number; user_id: number; name_no: number }>`
    select id, user_id, name_no from user_phone where name_no is not null order by user_id, id`.execute(db);
  const used = new Map<number, Set<number>>();
  for (const row of rows.rows) {
    const numbers = used.get(row.user_id) ?? new Set<number>();
    used.set(row.user_id, numbers);
    if (!numbers.has(row.name_no)) {
      numbers.add(row.name_no);
      continue;
    }
    let free = 1;
    while (numbers.has(free) || rows.rows.some((r) => r.user_id === row.user_id && r.name_no === free)) free++;
    numbers.add(free);
    await sql`update user_phone set name_no = ${free} where id = ${row.id}`.execute(db);
  }
  await db.schema.alterTable('app_user').addColumn('first_language', 'text').execute();
  await db.schema
    .createIndex('user_phone_name_no_uq')
    .on('user_phone')
    .columns(['user_id', 'name_no'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_phone_name_no_uq').execute();
  await db.schema.alterTable('app_user').dropColumn('first_language').execute();
}
