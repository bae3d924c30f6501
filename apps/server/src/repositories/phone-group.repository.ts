import type { AppDatabase } from '../db/database';

export interface PhoneGroup {
  id: number;
  name: string;
  count: number;
}

/** A user's phone groups, with how many phones each holds. */
export class PhoneGroupRepository {
  constructor(private readonly db: AppDatabase) {}

  async listOfUser(tenantId: number, userId: number): Promise<PhoneGroup[]> {
    return this.db
      .selectFrom('phone_group as g')
      .leftJoin('user_phone as p', 'p.group_id', 'g.id')
      .select((eb) => ['g.id', 'g.name', eb.fn.count<number>('p.id').as('count')])
      .where('g.tenant_id', '=', tenantId)
      .where('g.user_id', '=', userId)
      .groupBy(['g.id', 'g.name'])
      .orderBy('g.id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, count: Number(r.count) })));
  }

  /** The names of these groups of the user. */
  async names(tenantId: number, userId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('phone_group')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async find(tenantId: number, userId: number, id: number): Promise<PhoneGroup | undefined> {
    return (await this.listOfUser(tenantId, userId)).find((g) => g.id === id);
  }

  async create(tenantId: number, userId: number, name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('phone_group')
      .values({ tenant_id: tenantId, user_id: userId, name, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.updateTable('phone_group').set({ name }).where('id', '=', id).execute();
  }

  /** Deletes a group; its phones return to the default group (spec §5). Two writes: call it in a unit of work. */
  async delete(id: number): Promise<void> {
    await this.db.updateTable('user_phone').set({ group_id: null }).where('group_id', '=', id).execute();
    await this.db.deleteFrom('phone_group').where('id', '=', id).execute();
  }
}
