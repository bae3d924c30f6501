import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases';

describeEachDatabase('how the server speaks to its database (issue 56)', (open, database) => {
  it.skipIf(database !== 'postgres')(
    'prepares a statement with values once per connection, and waits for the WAL only in a unit of work',
    async () => {
      const db = await open();
      try {
        await db.connection().execute(async (one) => {
          const durability = async () =>
            (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(one)).rows[0]!
              .synchronous_commit;
          await sql`select ${1}::int as one`.execute(one);
          await sql`select ${2}::int as one`.execute(one);
          const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(one);
          expect(prepared.rows.filter((r) => r.statement.startsWith('select $1::int')).length).toBe(1);
          expect(await durability()).toBe('off');
        });
        const inUnit = await db
          .transaction()
          .execute(async (tx) => (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(tx)).rows);
        expect(inUnit[0]!.synchronous_commit).toBe('on');
      } finally {
        await db.destroy();
      }
    },
  );
});
