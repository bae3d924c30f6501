import type { Kysely } from 'kysely';

/**
 * Every list's page read in its order from an index (issue 56): a list filtered by its owner and
 * ordered by id (or expiry) walks an index of (owner…, order) and stops at its page, where an index
 * of the owner alone made PostgreSQL sort all the owner's rows first (SQLite's indexes end in the
 * rowid, PostgreSQL's do not). Each replaces the index of its leading columns; the query-plan test
 * (test/query-plans.test.ts) fails on a page that sorts or reads a growing table whole.
 */
const LIST_INDEXES: { table: string; replaces?: string; name: string; columns: string[] }[] = [
  {
    table: 'user_phone',
    replaces: 'user_phone_user_idx',
    name: 'user_phone_list_idx',
    columns: ['tenant_id', 'user_id', 'id'],
  },
  { table: 'user_phone', name: 'user_phone_expiry_list_idx', columns: ['tenant_id', 'user_id', 'expire_time', 'id'] },
  {
    table: 'trade_order',
    replaces: 'trade_order_user_idx',
    name: 'trade_order_list_idx',
    columns: ['tenant_id', 'user_id', 'id'],
  },
  { table: 'message', name: 'message_list_idx', columns: ['user_id', 'id'] },
  {
    table: 'phone_grant',
    replaces: 'phone_grant_grantee_idx',
    name: 'phone_grant_held_idx',
    columns: ['grantee_id', 'id'],
  },
  {
    table: 'phone_grant',
    replaces: 'phone_grant_grantor_idx',
    name: 'phone_grant_given_idx',
    columns: ['grantor_id', 'id'],
  },
  {
    table: 'phone_transfer',
    replaces: 'phone_transfer_from_idx',
    name: 'phone_transfer_sent_idx',
    columns: ['from_user_id', 'id'],
  },
  {
    table: 'phone_transfer',
    replaces: 'phone_transfer_to_idx',
    name: 'phone_transfer_received_idx',
    columns: ['to_user_id', 'id'],
  },
  {
    table: 'new_machine_record',
    replaces: 'new_machine_record_user_idx',
    name: 'new_machine_record_list_idx',
    columns: ['user_id', 'id'],
  },
  {
    table: 'phone_template',
    replaces: 'phone_template_user_idx',
    name: 'phone_template_list_idx',
    columns: ['user_id', 'id'],
  },
  { table: 'phone_clone', replaces: 'phone_clone_user_idx', name: 'phone_clone_list_idx', columns: ['user_id', 'id'] },
  { table: 'activation_code', name: 'activation_code_used_idx', columns: ['tenant_id', 'used_by', 'used_at', 'id'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of LIST_INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    if (index.replaces) await db.schema.dropIndex(index.replaces).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of LIST_INDEXES) {
    if (index.replaces)
      await db.schema.createIndex(index.replaces).on(index.table).columns(index.columns.slice(0, -1)).execute();
    await db.schema.dropIndex(index.name).execute();
  }
}
