import type { AppDatabase } from '../db/database';

export interface Tenant {
  id: number;
  name: string;
}

export class TenantRepository {
  constructor(private readonly db: AppDatabase) {}

  async findById(id: number): Promise<Tenant | undefined> {
    return this.db.selectFrom('tenant').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  async list(): Promise<Tenant[]> {
    return this.db.selectFrom('tenant').select(['id', 'name']).orderBy('id').execute();
  }

  async create(tenant: Tenant): Promise<Tenant> {
    await this.db
      .insertInto('tenant')
      .values({ ...tenant, created_at: Date.now() })
      .execute();
    return tenant;
  }

  /** The next free id, for a tenant created without one. */
  async nextId(): Promise<number> {
    const row = await this.db
      .selectFrom('tenant')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }
}
