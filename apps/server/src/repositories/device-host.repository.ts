import type { AppDatabase } from '../db/database';

export interface DeviceHostRecord {
  id: number;
  name: string;
  /** Empty for the host inside the server process. */
  publicUrl: string;
}

/** Which hosts exist (the host registry of DESIGN §4). */
export class DeviceHostRepository {
  constructor(private readonly db: AppDatabase) {}

  /** Registers a host by name, or updates its URL; returns its record. */
  async register(name: string, publicUrl: string, now: number): Promise<DeviceHostRecord> {
    await this.db
      .insertInto('device_host')
      .values({ name, public_url: publicUrl, registered_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ public_url: publicUrl }))
      .execute();
    return this.db
      .selectFrom('device_host')
      .select(['id', 'name', 'public_url as publicUrl'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }

  async findById(id: number): Promise<DeviceHostRecord | undefined> {
    return this.db
      .selectFrom('device_host')
      .select(['id', 'name', 'public_url as publicUrl'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
