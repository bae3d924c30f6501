import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Transfer orders (spec §3, §4) — the phones, the sender and receiver, the state and every step it
 * took — and the records of one-key new machines with the identity before and after (spec §1, §3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_transfer')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('transfer_no', 'text', (c) => c.notNull().unique())
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    // The sender's mobile, and the receiving account as the sender named it (mobile or UID).
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('to_account', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The catalogue key of a failure.
    .addColumn('reason', 'text')
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('updated_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_transfer_from_idx').on('phone_transfer').columns(['from_user_id']).execute();
  await db.schema.createIndex('phone_transfer_to_idx').on('phone_transfer').columns(['to_user_id']).execute();
  await db.schema.createIndex('phone_transfer_status_idx').on('phone_transfer').columns(['status']).execute();

  await db.schema
    .createTable('phone_transfer_item')
    .addColumn('transfer_id', 'integer', (c) => c.notNull().references('phone_transfer.id'))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull().references('user_phone.id'))
    // What each side calls it: a name of its own, or its number ("Cloud phone 5") when it has none.
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('from_name_no', 'integer')
    .addColumn('to_name_no', 'integer')
    .addPrimaryKeyConstraint('phone_transfer_item_pk', ['transfer_id', 'user_phone_id'])
    .execute();

  await db.schema
    .createTable('phone_transfer_event')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('transfer_id', 'integer', (c) => c.notNull().references('phone_transfer.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('phone_transfer_event_transfer_idx')
    .on('phone_transfer_event')
    .columns(['transfer_id'])
    .execute();

  await db.schema
    .createTable('new_machine_record')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull().references('user_phone.id'))
    .addColumn('phone_name', 'text', (c) => c.notNull())
    .addColumn('phone_name_no', 'integer')
    // The host task, named by the server so that asking the host twice makes the phone new once.
    .addColumn('task_id', 'text', (c) => c.notNull().unique())
    .addColumn('brand', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    // The identity before and after, as JSON ({ brand, model, name, imei, serial }).
    .addColumn('before_identity', 'text', (c) => c.notNull())
    .addColumn('after_identity', 'text')
    // Set once the host has been asked; null when a crash came between the commit and the host.
    .addColumn('started_at', wideInteger)
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('finished_at', wideInteger)
    .execute();
  await db.schema.createIndex('new_machine_record_user_idx').on('new_machine_record').columns(['user_id']).execute();
  await db.schema.createIndex('new_machine_record_status_idx').on('new_machine_record').columns(['status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('new_machine_record').execute();
  await db.schema.dropTable('phone_transfer_event').execute();
  await db.schema.dropTable('phone_transfer_item').execute();
  await db.schema.dropTable('phone_transfer').execute();
}
