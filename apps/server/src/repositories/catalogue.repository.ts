import type { PackageUsage } from '@cloudphone/contracts/commerce';
import type { DeviceGrade } from '@cloudphone/contracts/content';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import type { AppDatabase } from '../db/database';
import { storedText, textOfStored } from './catalogue-text';

export interface GradeOnSale {
  gradeId: number;
  code: string;
  name: LocalizedText;
  cpuCores: number;
  memoryGb: number;
  storageGb: number;
  androidVersion: string;
  dayPriceCents: number;
  stock: number | null;
  sort: number;
}

export interface PackageRow {
  packageId: number;
  tenantId: number;
  gradeId: number;
  name: LocalizedText;
  durationDays: number;
  priceCents: number;
  usage: PackageUsage;
  trial: boolean;
}

const packageColumns = [
  'id as packageId',
  'tenant_id as tenantId',
  'grade_id as gradeId',
  'name',
  'duration_days as durationDays',
  'price_cents as priceCents',
  'usage',
  'trial',
] as const;
const toPackage = (
  row: Omit<PackageRow, 'name' | 'usage' | 'trial'> & { name: string; usage: string; trial: number },
): PackageRow => ({
  ...row,
  name: textOfStored(row.name),
  usage: row.usage as PackageUsage,
  trial: row.trial === 1,
});

/** What a tenant sells: device grades with their day price and stock, and packages per grade. */
export class CatalogueRepository {
  constructor(private readonly db: AppDatabase) {}

  async grades(tenantId: number): Promise<GradeOnSale[]> {
    const rows = await this.db
      .selectFrom('device_grade')
      .select([
        'id as gradeId',
        'code',
        'name',
        'cpu_cores as cpuCores',
        'memory_gb as memoryGb',
        'storage_gb as storageGb',
        'android_version as androidVersion',
        'day_price_cents as dayPriceCents',
        'stock',
        'sort',
      ])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, name: textOfStored(row.name) }));
  }

  async grade(tenantId: number, gradeId: number): Promise<GradeOnSale | undefined> {
    return (await this.grades(tenantId)).find((g) => g.gradeId === gradeId);
  }

  async gradeByCode(tenantId: number, code: string): Promise<GradeOnSale | undefined> {
    return (await this.grades(tenantId)).find((g) => g.code === code);
  }

  async createGrade(
    tenantId: number,
    grade: Omit<DeviceGrade, 'id' | 'name'> & { name: LocalizedText },
  ): Promise<void> {
    await this.db
      .insertInto('device_grade')
      .values({
        tenant_id: tenantId,
        code: grade.code,
        name: storedText(grade.name),
        cpu_cores: grade.cpuCores,
        memory_gb: grade.memoryGb,
        storage_gb: grade.storageGb,
        android_version: grade.androidVersion,
        sort: grade.sort,
        enabled: 1,
      })
      .execute();
  }

  async packages(tenantId: number): Promise<PackageRow[]> {
    const rows = await this.db
      .selectFrom('package')
      .select(packageColumns)
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('duration_days')
      .orderBy('id')
      .execute();
    return rows.map(toPackage);
  }

  async package(packageId: number): Promise<PackageRow | undefined> {
    const row = await this.db
      .selectFrom('package')
      .select(packageColumns)
      .where('id', '=', packageId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return row && toPackage(row);
  }

  async createPackage(pkg: Omit<PackageRow, 'packageId'>): Promise<number> {
    const row = await this.db
      .insertInto('package')
      .values({
        tenant_id: pkg.tenantId,
        grade_id: pkg.gradeId,
        name: storedText(pkg.name),
        duration_days: pkg.durationDays,
        price_cents: pkg.priceCents,
        usage: pkg.usage,
        trial: pkg.trial ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** New titles of a grade or a package, in both languages. */
  async renameGrade(gradeId: number, name: LocalizedText): Promise<void> {
    await this.db
      .updateTable('device_grade')
      .set({ name: storedText(name) })
      .where('id', '=', gradeId)
      .execute();
  }

  async renamePackage(packageId: number, name: LocalizedText): Promise<void> {
    await this.db
      .updateTable('package')
      .set({ name: storedText(name) })
      .where('id', '=', packageId)
      .execute();
  }

  async setPricing(gradeId: number, pricing: { dayPriceCents?: number; stock?: number | null }): Promise<void> {
    const set: { day_price_cents?: number; stock?: number | null } = {};
    if (pricing.dayPriceCents !== undefined) set.day_price_cents = pricing.dayPriceCents;
    if (pricing.stock !== undefined) set.stock = pricing.stock;
    await this.db.updateTable('device_grade').set(set).where('id', '=', gradeId).execute();
  }

  /** Takes `count` phones from a grade's stock, only if that many are there (unlimited stock always gives). */
  async takeStock(gradeId: number, count: number): Promise<boolean> {
    const result = await this.db
      .updateTable('device_grade')
      .set((eb) => ({ stock: eb('stock', '-', count) }))
      .where('id', '=', gradeId)
      .where('stock', '>=', count)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return true;
    const row = await this.db.selectFrom('device_grade').select('stock').where('id', '=', gradeId).executeTakeFirst();
    return row !== undefined && row.stock === null;
  }

  async returnStock(gradeId: number, count: number): Promise<void> {
    await this.db
      .updateTable('device_grade')
      .set((eb) => ({ stock: eb('stock', '+', count) }))
      .where('id', '=', gradeId)
      .where('stock', 'is not', null)
      .execute();
  }
}
