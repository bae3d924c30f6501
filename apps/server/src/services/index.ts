import type { Repositories } from '../repositories/index';
import { ClientService } from './client.service';
import { ConfigService } from './config.service';
import { ContentService } from './content.service';
import { TenantAdminService } from './tenant-admin.service';

export function createServices(repos: Repositories) {
  return {
    clients: new ClientService(repos),
    config: new ConfigService(repos),
    content: new ContentService(repos),
    tenantAdmin: new TenantAdminService(repos),
  };
}
export type Services = ReturnType<typeof createServices>;
