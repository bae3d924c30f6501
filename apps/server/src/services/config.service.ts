import { LIMIT_CONFIG_DEFAULTS, type LimitConfigKey } from '@cloudphone/contracts/config-keys';
import type { Repositories } from '../repositories/index';

function isLimitKey(key: string): key is LimitConfigKey {
  return Object.hasOwn(LIMIT_CONFIG_DEFAULTS, key);
}

/** The tenant's business limits (spec §9): a stored value wins over the default from contracts. */
export class ConfigService {
  constructor(private readonly repos: Repositories) {}

  async limits(tenantId: number, keys: readonly string[]): Promise<Record<string, number>> {
    const known = keys.filter(isLimitKey);
    const stored = await this.repos.config.tenantValues(tenantId, known);
    return Object.fromEntries(known.map((k) => [k, Number(stored.get(k) ?? LIMIT_CONFIG_DEFAULTS[k])]));
  }

  async limit(tenantId: number, key: LimitConfigKey): Promise<number> {
    return (await this.limits(tenantId, [key]))[key] ?? LIMIT_CONFIG_DEFAULTS[key];
  }
}
