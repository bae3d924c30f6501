import type { MessageService } from '../../content/message.service';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';
import type { HostEvents } from '../../hosts/host-events';
import type { ServiceContext } from '../../service-context';
import type { FunctionGate } from '../../tenancy/function-gate';
import type { QuotaService } from '../../tenancy/quota.service';
import type { PhoneAccessService } from '../access/phone-access.service';
import { CloneService } from './clone.service';
import { HostTaskService } from './host-task.service';
import { TemplateService } from './template.service';

/** What hosts do over time for a phone (the task model, DESIGN §10): templates and the clones made from them. */
export function createPhoneTasks(
  { repos, events, clock, blobs }: ServiceContext,
  deps: {
    deviceHosts: DeviceHostsService;
    hostEvents: HostEvents;
    phoneAccess: PhoneAccessService;
    quotas: QuotaService;
    functions: FunctionGate;
    messages: MessageService;
  },
) {
  const { deviceHosts: hosts, phoneAccess: access, quotas, functions } = deps;
  const tasks = new HostTaskService({ repos, hosts, hostEvents: deps.hostEvents, events, clock });
  const templates = new TemplateService({ repos, access, quotas, functions, hosts, events, clock, tasks, blobs });
  return {
    hostTasks: tasks,
    templates,
    clones: new CloneService({
      repos,
      templates,
      access,
      quotas,
      functions,
      hosts,
      events,
      clock,
      tasks,
      blobs,
      messages: deps.messages,
    }),
  };
}
