import type { HostDeliveryService } from '../hosts/host-delivery.service';
import type { ServiceContext } from '../service-context';
import { ClientService } from './client.service';
import { ConfigService } from './config.service';
import { FunctionGate } from './function-gate';
import { QuotaService } from './quota.service';
import { TenantAdminService } from './tenant-admin.service';

/** Tenants and their clients: settings, limits and the functions a client turns on. */
export function createTenancy(
  { repos, clock }: ServiceContext,
  { hostDelivery }: { hostDelivery: HostDeliveryService },
) {
  const config = new ConfigService(repos);
  return {
    config,
    quotas: new QuotaService(config, clock),
    functions: new FunctionGate(repos),
    clients: new ClientService(repos),
    tenantAdmin: new TenantAdminService(repos, hostDelivery),
  };
}
