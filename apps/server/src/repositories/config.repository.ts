import type { AppDatabase } from '../db/database';

/** Stored configuration values: tenant-wide limits, and per-client settings. Defaults live in contracts. */
export class ConfigRepository {
  constructor(private readonly db: AppDatabase) {}

  async tenantValues(tenantId: number, keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tenant_config')
      .select(['config_key', 'value'])
      .where('tenant_id', '=', tenantId)
      .where('config_key', 'in', keys)
      .execute();
    return new Map(rows.map((r) => [r.config_key, r.value]));
  }

  async setTenantValue(tenantId: number, key: string, value: string): Promise<void> {
    await this.db
      .insertInto('tenant_config')
      .values({ tenant_id: tenantId, config_key: key, value })
      .onConflict((oc) => oc.columns(['tenant_id', 'config_key']).doUpdateSet({ value }))
      .execute();
  }

  async clientValues(clientId: number, keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('client_config')
      .select(['config_key', 'value'])
      .where('client_id', '=', clientId)
      .where('config_key', 'in', keys)
      .execute();
    return new Map(rows.map((r) => [r.config_key, r.value]));
  }

  async setClientValue(clientId: number, key: string, value: string): Promise<void> {
    await this.db
      .insertInto('client_config')
      .values({ client_id: clientId, config_key: key, value })
      .onConflict((oc) => oc.columns(['client_id', 'config_key']).doUpdateSet({ value }))
      .execute();
  }
}
