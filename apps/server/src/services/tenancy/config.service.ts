import { LIMIT_CONFIG_DEFAULTS, type LimitConfigKey } from '@cloudphone/contracts/config-keys';
import type { RepositoriesOf } from '../../repositories/index';

function isLimitKey(key: string): key is LimitConfigKey {
  return Object.hasOwn(LIMIT_CONFIG_DEFAULTS, key);
}

/** The tenant's business limits (spec §9): a stored value wins over the default from contracts. */
export class ConfigService {
  constructor(private readonly repos: RepositoriesOf<'config'>) {}

  /** `repos` is the caller's unit of work when it reads inside one (a second connection would wait on it). */
  async limits(
    tenantId: number,
    keys: readonly string[],
    repos: RepositoriesOf<'config'> = this.repos,
  ): Promise<Record<string, number>> {
    const known = keys.filter(isLimitKey);
    const stored = await repos.config.tenantValues(tenantId, known);
    return Object.fromEntries(known.map((k) => [k, Number(stored.get(k) ?? LIMIT_CONFIG_DEFAULTS[k])]));
  }

  async limit(tenantId: number, key: LimitConfigKey, repos: RepositoriesOf<'config'> = this.repos): Promise<number> {
    return (await this.limits(tenantId, [key], repos))[key] ?? LIMIT_CONFIG_DEFAULTS[key];
  }
}
