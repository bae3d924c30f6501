import type { MessageService } from '../../content/message.service';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { HostEvents } from '../../hosts/host-events';
import { KeptReads } from '../../../cluster/kept-reads';
import type { ServiceContext } from '../../service-context';
import type { ConfigService } from '../../tenancy/config.service';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { QuotaService } from '../../tenancy/quota.service';
import type { EndOfAccessService } from '../access/end-of-access.service';
import type { AccessKeys } from '../access/access-keys';
import type { PhoneAccessService } from '../access/phone-access.service';
import type { HostTaskService } from '../tasks/host-task.service';
import { NewMachineService } from './new-machine.service';
import { PhoneControlService } from './phone-control.service';
import { PhoneGroupService } from './phone-group.service';
import { PHONE_TOTALS_KEPT_MS, PhoneOperationsService, type PhoneTotals } from './phone-operations.service';
import { PhoneReplacementService } from './phone-replacement.service';
import { PhoneTransferService } from './phone-transfer.service';
import { SyncService } from './sync.service';
import { UserPhoneService } from './user-phone.service';

/** What a user does with the phones they hold: lists, power, groups, sync, transfers, replacements, new machines. */
export function createPhoneOperations(
  { repos, clock, events, caches, jobs, throttle }: ServiceContext,
  deps: {
    deviceHosts: DeviceHostsService;
    hostEvents: HostEvents;
    phoneAccess: PhoneAccessService;
    accessKeys: AccessKeys;
    endOfAccess: EndOfAccessService;
    hostTasks: HostTaskService;
    quotas: QuotaService;
    functions: FunctionGate;
    config: ConfigService;
    messages: MessageService;
  },
) {
  const { deviceHosts: hosts, phoneAccess: access, endOfAccess, hostTasks: tasks, functions, messages } = deps;
  const totals: PhoneTotals = new KeptReads(caches, 'phone-totals', { keepMs: PHONE_TOTALS_KEPT_MS, clock });
  const phoneControl = new PhoneControlService({
    hosts,
    access,
    keys: deps.accessKeys,
    endOfAccess,
    clock,
    throttle,
    functions,
    tasks,
  });
  return {
    userPhones: new UserPhoneService({ repos, hosts, clock, totals }),
    phoneOperations: new PhoneOperationsService({ repos, hosts, access, clock, caches, totals }),
    phoneControl,
    phoneGroups: new PhoneGroupService(access, repos, clock),
    sync: new SyncService({ repos, access, hosts, hostEvents: deps.hostEvents, clock, events }),
    phoneTransfers: new PhoneTransferService({
      repos,
      access,
      endOfAccess,
      quotas: deps.quotas,
      functions,
      jobs,
      clock,
      events,
      messages,
      totals,
    }),
    newMachines: new NewMachineService({
      repos,
      hosts,
      access,
      control: phoneControl,
      endOfAccess,
      functions,
      jobs,
      clock,
      tasks,
    }),
    phoneReplacements: new PhoneReplacementService({
      repos,
      access,
      endOfAccess,
      hosts,
      functions,
      config: deps.config,
      clock,
      events,
      messages,
    }),
  };
}
