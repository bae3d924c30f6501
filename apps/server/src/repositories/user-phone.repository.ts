import type { AppDatabase } from '../db/database';

export interface UserPhone {
  id: number;
  tenantId: number;
  userId: number;
  deviceHostId: number;
  instanceNo: string;
  name: string;
  groupId: number | null;
  expireTime: number;
  trial: boolean;
  createdAt: number;
}

const columns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'device_host_id as deviceHostId',
  'instance_no as instanceNo',
  'name',
  'group_id as groupId',
  'expire_time as expireTime',
  'trial',
  'created_at as createdAt',
] as const;

/** The cloud phones users rent: each one an instance on a device host. */
export class UserPhoneRepository {
  constructor(private readonly db: AppDatabase) {}

  async findById(id: number): Promise<UserPhone | undefined> {
    const row = await this.db.selectFrom('user_phone').select(columns).where('id', '=', id).executeTakeFirst();
    return row && { ...row, trial: row.trial === 1 };
  }

  async listOfUser(tenantId: number, userId: number): Promise<UserPhone[]> {
    const rows = await this.db
      .selectFrom('user_phone')
      .select(columns)
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, trial: row.trial === 1 }));
  }

  async create(phone: Omit<UserPhone, 'id'>): Promise<UserPhone> {
    const row = await this.db
      .insertInto('user_phone')
      .values({
        tenant_id: phone.tenantId,
        user_id: phone.userId,
        device_host_id: phone.deviceHostId,
        instance_no: phone.instanceNo,
        name: phone.name,
        group_id: phone.groupId,
        expire_time: phone.expireTime,
        trial: phone.trial ? 1 : 0,
        created_at: phone.createdAt,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { ...row, trial: row.trial === 1 };
  }
}
