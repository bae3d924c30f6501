import type { DeviceGrade } from '@cloudphone/contracts/content';
import type { AppDatabase } from '../db/database';

export class DeviceGradeRepository {
  constructor(private readonly db: AppDatabase) {}

  async listEnabled(tenantId: number): Promise<DeviceGrade[]> {
    return this.db
      .selectFrom('device_grade')
      .select([
        'id',
        'code',
        'name',
        'cpu_cores as cpuCores',
        'memory_gb as memoryGb',
        'storage_gb as storageGb',
        'android_version as androidVersion',
        'sort',
      ])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async create(tenantId: number, grade: Omit<DeviceGrade, 'id'>): Promise<void> {
    await this.db
      .insertInto('device_grade')
      .values({
        tenant_id: tenantId,
        code: grade.code,
        name: grade.name,
        cpu_cores: grade.cpuCores,
        memory_gb: grade.memoryGb,
        storage_gb: grade.storageGb,
        android_version: grade.androidVersion,
        sort: grade.sort,
        enabled: 1,
      })
      .execute();
  }
}
