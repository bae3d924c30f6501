import { sql, type Kysely } from 'kysely';
import { jsonStringOf } from '../dialect/index';

/** Catalogue texts that a merchant gives per language (issue 10 §4): grade, package, coupon and agreement titles. */
const CATALOGUE_TEXTS = ['device_grade', 'package', 'coupon', 'agreement'] as const;

/** The name the server gave phones before names became data. */
const OLD_PHONE_NAME = /^Cloud phone (\d{1,9})$/;

/**
 * One language: the account keeps the user's language; a phone the server named keeps only its
 * number (shown as "云手机 5" or "Cloud phone 5" to each viewer); catalogue texts become JSON
 * `{ "zh-CN": …, "en-US": … }`, existing ones holding their one text in both languages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('language', 'text').execute();

  // A phone's name is '' while it goes by its number; a name typed by its owner clears the number.
  await db.schema.alterTable('user_phone').addColumn('name_no', 'integer').execute();
  const phones = db as unknown as Kysely<{ user_phone: { id: number; name: string; name_no: number | null } }>;
  const named = await phones
    .selectFrom('user_phone')
    .select(['id', 'name'])
    .where('name', 'like', 'Cloud phone %')
    .execute();
  for (const { id, name } of named) {
    const number = OLD_PHONE_NAME.exec(name)?.[1];
    if (number)
      await phones
        .updateTable('user_phone')
        .set({ name: '', name_no: Number(number) })
        .where('id', '=', id)
        .execute();
  }

  for (const table of CATALOGUE_TEXTS) {
    const text = jsonStringOf(db, 'name');
    const bothLanguages = sql`'{"zh-CN":' || ${text} || ',"en-US":' || ${text} || '}'`;
    await sql`update ${sql.table(table)} set name = ${bothLanguages}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const texts = db as unknown as Kysely<Record<string, { id: number; name: string }>>;
  for (const table of CATALOGUE_TEXTS) {
    for (const { id, name } of await texts.selectFrom(table).select(['id', 'name']).execute()) {
      const parsed = JSON.parse(name) as Record<string, string>;
      await texts
        .updateTable(table)
        .set({ name: parsed['en-US'] || parsed['zh-CN'] || '' })
        .where('id', '=', id)
        .execute();
    }
  }
  const phones = db as unknown as Kysely<{ user_phone: { id: number; name: string; name_no: number | null } }>;
  for (const { id, name_no } of await phones.selectFrom('user_phone').select(['id', 'name_no']).execute())
    if (name_no !== null)
      await phones
        .updateTable('user_phone')
        .set({ name: `Cloud phone ${name_no}` })
        .where('id', '=', id)
        .execute();
  await db.schema.alterTable('user_phone').dropColumn('name_no').execute();
  await db.schema.alterTable('app_user').dropColumn('language').execute();
}
