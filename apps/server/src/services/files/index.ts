import type { MessageService } from '../content/message.service';
import type { DeviceHostsService } from '../hosts/device-hosts.service';
import type { PhoneAccessService } from '../phones/access/phone-access.service';
import type { HostTaskService } from '../phones/tasks/host-task.service';
import type { ServiceContext } from '../service-context';
import type { ConfigService } from '../tenancy/config.service';
import { FilePushService } from './file-push.service';
import { FilesService } from './files.service';
import { GameService } from './game.service';
import { KeyMapService } from './key-map.service';

/** A user's files, pushing them to phones, the games installed that way and their key maps. */
export function createFiles(
  { repos, blobs, throttle, events, clock, jobs }: ServiceContext,
  deps: {
    deviceHosts: DeviceHostsService;
    phoneAccess: PhoneAccessService;
    hostTasks: HostTaskService;
    config: ConfigService;
    messages: MessageService;
  },
) {
  const { config } = deps;
  const files = new FilesService({ repos, blobs, config, throttle, events, clock });
  const filePushes = new FilePushService({
    repos,
    hosts: deps.deviceHosts,
    phoneAccess: deps.phoneAccess,
    config,
    jobs,
    events,
    clock,
    tasks: deps.hostTasks,
    messages: deps.messages,
  });
  return {
    files,
    filePushes,
    games: new GameService({ repos, blobs, files, pushes: filePushes, clock }),
    keyMaps: new KeyMapService({ repos, clock }),
  };
}
