import type { Kysely } from 'kysely';
import { autoId, autoIdType, wideInteger } from '../dialect/index';

/**
 * Clone templates and clones (spec §1, §3, §4, issue 15). A template row names the snapshot its host
 * keeps (`snapshot_id`) and the host task that takes it (`task_id`), both chosen here so the host
 * step can be asked again after a crash. A clone has one row per phone it puts the template on, each
 * with its own host task, state and progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_template')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The phone it was made from, and the host that keeps its snapshot.
    .addColumn('user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('device_host_id', 'integer', (c) => c.notNull())
    .addColumn('instance_no', 'text', (c) => c.notNull())
    .addColumn('snapshot_id', 'text', (c) => c.notNull().unique())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('android', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', wideInteger, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    .addColumn('expire_at', wideInteger, (c) => c.notNull())
    // When its snapshot left the host (deleted, expired or failed): nothing more to clean up.
    .addColumn('purged_at', wideInteger)
    .execute();
  await db.schema.createIndex('phone_template_user_idx').on('phone_template').columns(['user_id']).execute();
  await db.schema.createIndex('phone_template_state_idx').on('phone_template').columns(['state']).execute();
  // The hosts' task events name the task: its template is found by it.
  await db.schema.createIndex('phone_template_task_idx').on('phone_template').columns(['task_id']).execute();

  await db.schema
    .createTable('phone_clone')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('phone_template.id'))
    .addColumn('new_machine', 'integer', (c) => c.notNull())
    .addColumn('created_at', wideInteger, (c) => c.notNull())
    // spec §9 `clone.expire.hours`: the record, and the retries of its phones, last until then.
    .addColumn('expire_at', wideInteger, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_clone_user_idx').on('phone_clone').columns(['user_id']).execute();

  await db.schema
    .createTable('phone_clone_target')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('clone_id', 'integer', (c) => c.notNull().references('phone_clone.id'))
    .addColumn('user_phone_id', 'integer', (c) => c.notNull())
    .addColumn('device_host_id', 'integer', (c) => c.notNull())
    .addColumn('instance_no', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('finished_at', wideInteger)
    .addUniqueConstraint('phone_clone_target_phone_uq', ['clone_id', 'user_phone_id'])
    .execute();
  await db.schema.createIndex('phone_clone_target_state_idx').on('phone_clone_target').columns(['state']).execute();
  await db.schema.createIndex('phone_clone_target_task_idx').on('phone_clone_target').columns(['task_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_clone_target').execute();
  await db.schema.dropTable('phone_clone').execute();
  await db.schema.dropTable('phone_template').execute();
}
