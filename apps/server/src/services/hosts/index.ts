import { joinedHostClient } from '../../providers/device-hosts/joined-host';
import type { PhonePolicyCache } from '../phones/access/phone-policy-cache';
import type { ServiceContext } from '../service-context';
import { DeviceHostsService } from './device-hosts.service';
import { HostDeliveryService } from './host-delivery.service';
import { HostEvents } from './host-events';
import { HostRegistryService } from './host-registry.service';

/** The hosts phones run on: their registry, their events, and what is delivered to them. */
export function createHosts(
  { repos, clock, events, caches, jobs }: ServiceContext,
  { hostKey, serverUrl, keptPolicy }: { hostKey: string; serverUrl?: string; keptPolicy: PhonePolicyCache },
) {
  const hostEvents = new HostEvents();
  const deviceHosts = new DeviceHostsService({
    repos,
    clock,
    sharedKey: hostKey,
    events,
    hostEvents,
    // Hosts that joined are driven with their own keys, and fetch blobs from this server (`SERVER_URL`).
    connectJoined: (host) => joinedHostClient(host, serverUrl ?? ''),
    caches,
  });
  return {
    deviceHosts,
    hostEvents,
    hostDelivery: new HostDeliveryService({ repos, hosts: deviceHosts, hostEvents, jobs, clock, kept: keptPolicy }),
    hostRegistry: new HostRegistryService(repos, deviceHosts, clock),
  };
}
