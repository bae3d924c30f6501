import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { HostDeliveryService } from '../../hosts/host-delivery.service';
import type { MessageService } from '../../content/message.service';
import type { ServiceContext } from '../../service-context';
import type { FunctionGate } from '../../tenancy/function-gate';
import { AccessKeys } from './access-keys';
import { AdbService } from './adb.service';
import { EndOfAccessService } from './end-of-access.service';
import { PhoneAccessService } from './phone-access.service';
import { PhoneGrantService } from './phone-grant.service';
import type { PhonePolicyCache } from './phone-policy-cache';
import { create as createGrant } from '@cloudphone/contracts/endpoints/device/grant';

/** Who may do what with a phone (`phone-access.ts`'s table), grants, the end of access, and ADB. */
export function createPhoneAccess(
  { repos, clock, events, throttle }: ServiceContext,
  deps: {
    deviceHosts: DeviceHostsService;
    hostDelivery: HostDeliveryService;
    keptPolicy: PhonePolicyCache;
    functions: FunctionGate;
    messages: MessageService;
  },
) {
  const { hostDelivery: delivery, keptPolicy: kept, functions } = deps;
  const phoneAccess = new PhoneAccessService({ repos, clock, delivery, kept });
  const endOfAccess = new EndOfAccessService({ repos, delivery, clock, kept });
  return {
    phoneAccess,
    accessKeys: new AccessKeys({ repos, hosts: deps.deviceHosts, clock, access: phoneAccess }),
    endOfAccess,
    phoneGrants: new PhoneGrantService({
      repos,
      ownerGate: (owner) => phoneAccess.gate(owner, createGrant.phone),
      endOfAccess,
      functions,
      throttle,
      clock,
      events,
      messages: deps.messages,
      kept,
    }),
    adb: new AdbService({ repos, functions, delivery, clock }),
  };
}
