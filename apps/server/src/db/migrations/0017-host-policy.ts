import { sql, type Kysely } from 'kysely';
import { wideInteger } from '../dialect/index';

/**
 * One rule for a phone (issue 20, DESIGN §10):
 * - `phone_lock` holds several locks of one phone, one per holder, so shared work (pushes) and a sync
 *   session can sit side by side; whether a new lock fits is decided in the unit of work that takes it.
 * - `user_phone.policy_version` counts every change of a phone's locks: taking it serialises lock
 *   takers of one phone (a row lock on PostgreSQL), and the host keeps the highest it has heard, so a
 *   message delivered twice or late changes nothing.
 * - `access_revocation` becomes `host_outbox`, the one durable, ordered delivery to hosts: ends of
 *   access (`revoke`) and changes of a phone's locks (`phone-state`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('phone_lock').renameTo('phone_lock_0012').execute();
  await db.schema
    .createTable('phone_lock')
    .addColumn('user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Who holds it (e.g. `transfer:12`, a sync session's id): only the holder renews or releases it.
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('locked_at', wideInteger, (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('phone_lock_pk', ['user_phone_id', 'holder'])
    .execute();
  await sql`insert into phone_lock (user_phone_id, kind, holder, locked_at, expires_at)
    select user_phone_id, kind, holder, locked_at, expires_at from phone_lock_0012`.execute(db);
  await db.schema.dropTable('phone_lock_0012').execute();

  await db.schema
    .alterTable('user_phone')
    .addColumn('policy_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('access_revocation').renameTo('host_outbox').execute();
  await db.schema
    .alterTable('host_outbox')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('revoke'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('host_outbox').dropColumn('kind').execute();
  await db.schema.alterTable('host_outbox').renameTo('access_revocation').execute();
  await db.schema.alterTable('user_phone').dropColumn('policy_version').execute();
  await db.schema.alterTable('phone_lock').renameTo('phone_lock_0017').execute();
  await db.schema
    .createTable('phone_lock')
    .addColumn('user_phone_id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('locked_at', wideInteger, (c) => c.notNull())
    .addColumn('expires_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.dropTable('phone_lock_0017').execute();
}
