import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Commerce: packages per grade and its stock, orders with every transition, payment notices (one per
 * provider transaction, which makes callbacks idempotent), activation and redeem codes, coupons.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('device_grade')
    .addColumn('day_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Null is unlimited: a grade without a stock figure never makes a purchase wait.
  await db.schema.alterTable('device_grade').addColumn('stock', 'integer').execute();
  await db.schema.alterTable('user_phone').addColumn('grade_id', 'integer').execute();

  await db.schema
    .createTable('package')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('grade_id', 'integer', (c) => c.notNull().references('device_grade.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('usage', 'text', (c) => c.notNull())
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('trade_order')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('sku_type', 'text', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.notNull())
    .addColumn('package_id', 'integer')
    .addColumn('device_count', 'integer', (c) => c.notNull())
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('original_price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('pay_price_cents', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'text')
    .addColumn('pay_time', wideInteger)
    .addColumn('pay_token', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    // JSON list: the phones renewed or upgraded, or those a purchase made.
    .addColumn('phone_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('pay_deadline', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trade_order_user_idx').on('trade_order').columns(['tenant_id', 'user_id']).execute();
  await db.schema.createIndex('trade_order_status_idx').on('trade_order').columns(['status']).execute();

  await db.schema
    .createTable('order_event')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_event_order_idx').on('order_event').columns(['order_id']).execute();

  await db.schema
    .createTable('payment_notice')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('trade_order.id'))
    .addColumn('at', wideInteger, (c) => c.notNull())
    .addUniqueConstraint('payment_notice_transaction_uq', ['provider', 'transaction_id'])
    .execute();

  await db.schema
    .createTable('activation_code')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('package_id', 'integer', (c) => c.notNull().references('package.id'))
    .addColumn('usage', 'text', (c) => c.notNull())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('valid_until', wideInteger, (c) => c.notNull())
    .addColumn('used_by', 'integer')
    .addColumn('used_at', wideInteger)
    .addColumn('used_usage', 'text')
    .addColumn('phone_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addUniqueConstraint('activation_code_uq', ['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('redeem_code')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    // Stored upper-case: a redeem code is typed in either case (spec §5).
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('coupons', 'text', (c) => c.notNull())
    .addColumn('valid_until', wideInteger, (c) => c.notNull())
    .addColumn('used_by', 'integer')
    .addColumn('used_at', wideInteger)
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addUniqueConstraint('redeem_code_uq', ['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('coupon')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('rate_percent', 'integer', (c) => c.notNull())
    .addColumn('max_discount_cents', 'integer', (c) => c.notNull())
    .addColumn('extension_days', 'integer', (c) => c.notNull())
    .addColumn('min_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('valid_from', wideInteger, (c) => c.notNull())
    .addColumn('valid_until', wideInteger, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_user_idx').on('coupon').columns(['tenant_id', 'user_id']).execute();

  await db.schema
    .createTable('gift_bag_claim')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('at', wideInteger, (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_bag_claim_pk', ['tenant_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'gift_bag_claim',
    'coupon',
    'redeem_code',
    'activation_code',
    'payment_notice',
    'order_event',
    'trade_order',
    'package',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('user_phone').dropColumn('grade_id').execute();
  await db.schema.alterTable('device_grade').dropColumn('stock').execute();
  await db.schema.alterTable('device_grade').dropColumn('day_price_cents').execute();
}
