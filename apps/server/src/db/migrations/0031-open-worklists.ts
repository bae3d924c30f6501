import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The jobs' worklists read from indexes of the open rows alone (issue 56): every few seconds a job
 * asks for unpaid orders, pushes under way, tasks not ended, refunds unasked, live sync sessions,
 * uploads still arriving and phones expiring soon. A year on, nearly every row of those tables is
 * closed, and SQLite's statistics (an average per state) made its planner scan the table instead,
 * holding every request while it did. The repositories write each state out (`sql.lit`) exactly as
 * here, which is how SQLite knows a query's rows are all in the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const open = (name: string, table: string, columns: string[], where: RawBuilder<SqlBool>) =>
    db.schema.createIndex(name).on(table).columns(columns).where(where).execute();
  await open('trade_order_unpaid_idx', 'trade_order', ['pay_deadline'], sql<SqlBool>`"status" = 'to_pay'`);
  await open(
    'file_push_under_way_idx',
    'file_push',
    ['id'],
    sql<SqlBool>`"state" in ('waiting_push', 'pushing', 'installing')`,
  );
  await open('host_task_live_idx', 'host_task', ['updated_at'], sql<SqlBool>`"state" not in ('success', 'failed')`);
  await open(
    'payment_refund_unasked_idx',
    'payment_refund',
    ['id'],
    sql<SqlBool>`"status" = 'processing' and "provider_refund_id" is null`,
  );
  await open('sync_session_live_idx', 'sync_session', ['created_at'], sql<SqlBool>`"ended_at" is null`);
  await open('user_file_uploading_idx', 'user_file', ['created_at'], sql<SqlBool>`"state" = 'uploading'`);
  await db.schema.createIndex('user_phone_expiry_idx').on('user_phone').column('expire_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'trade_order_unpaid_idx',
    'file_push_under_way_idx',
    'host_task_live_idx',
    'payment_refund_unasked_idx',
    'sync_session_live_idx',
    'user_file_uploading_idx',
    'user_phone_expiry_idx',
  ])
    await db.schema.dropIndex(name).execute();
}
