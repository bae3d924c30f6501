import type { Keys } from '../security/keys';
import type { SmsProvider } from '../providers/sms/sms-provider';
import type { Repositories } from '../repositories/index';
import { TokenSigner } from '../security/signed-token';
import { AuthService } from './auth.service';
import { ClientService } from './client.service';
import type { Clock } from './clock';
import { ConfigService } from './config.service';
import { ContentService } from './content.service';
import { SmsCodeService } from './sms-code.service';
import { TenantAdminService } from './tenant-admin.service';
import { UserService } from './user.service';
import { DeviceHostsService } from './device-hosts.service';
import { PhoneAccessService } from './phone-access.service';
import { UserPhoneService } from './user-phone.service';
import { PhoneOperationsService } from './phone-operations.service';
import { PhoneGroupService } from './phone-group.service';
import { PhoneControlService } from './phone-control.service';

export interface ServiceDeps {
  repos: Repositories;
  keys: Keys;
  sms: SmsProvider;
  clock: Clock;
}

export function createServices({ repos, keys, sms, clock }: ServiceDeps) {
  const signer = new TokenSigner(keys.tokenKey);
  const smsCodes = new SmsCodeService(repos, sms, clock, keys.tokenKey);
  const deviceHosts = new DeviceHostsService(repos, clock);
  const phoneAccess = new PhoneAccessService(repos, keys.hostKey, clock);
  return {
    deviceHosts,
    phoneAccess,
    phoneOperations: new PhoneOperationsService(repos, deviceHosts, phoneAccess, clock),
    phoneControl: new PhoneControlService(deviceHosts, phoneAccess, clock),
    phoneGroups: new PhoneGroupService(repos, clock),
    userPhones: new UserPhoneService(repos, deviceHosts, clock),
    clients: new ClientService(repos),
    config: new ConfigService(repos),
    content: new ContentService(repos),
    tenantAdmin: new TenantAdminService(repos),
    smsCodes,
    auth: new AuthService(repos, smsCodes, signer, clock),
    users: new UserService(repos, smsCodes, signer, clock),
  };
}
export type Services = ReturnType<typeof createServices>;
