import type { DataSaver } from '@cloudphone/contracts/auth';
import type { RepositoriesOf } from '../../repositories/index';
import type { User } from '../../repositories/user.repository';
import { ConfigService } from '../tenancy/config.service';

/**
 * An account's data saver (issue 58): its own choice, else its tenant's default (a config key) — so a
 * new account starts with the tenant's, and follows it until it chooses. 0 stored is none.
 */
export async function dataSaverOf(
  repos: RepositoriesOf<'config'>,
  user: Pick<User, 'tenantId' | 'dataSaverKbps'>,
): Promise<DataSaver> {
  if (user.dataSaverKbps !== null) return { maxKbps: user.dataSaverKbps || null, tenantDefault: false };
  const fallback = await new ConfigService(repos).limit(user.tenantId, 'stream.data.saver.kbps');
  return { maxKbps: fallback > 0 ? fallback : null, tenantDefault: true };
}
