import type { HostSyncFollowerEvent, HostTaskEvent } from '@cloudphone/contracts/host-api';
import type { DeviceHostClient } from '../../providers/device-hosts/device-host-client';

/**
 * What the hosts tell the server on their event streams (DESIGN §10), handed to the services that wait
 * on it: a task moved, a host wants its phones' whole state, a sync follower keeps up or falls behind.
 * The registry (`DeviceHostsService`) opens each host's stream here; services hear every host at once.
 */
export class HostEvents {
  /**
   * Whether this process hears the hosts' events: the servers do; the admin CLI only calls hosts (a
   * phone made, issue 49), and a host that hears a new listener asks it for its phones' whole state.
   */
  listening = true;
  private readonly taskHandlers = new Set<(hostId: number, event: HostTaskEvent) => void>();
  private readonly stateWantedHandlers = new Set<(hostId: number) => void>();
  private readonly syncFollowerHandlers = new Set<(event: HostSyncFollowerEvent) => void>();

  /** Hears every task event of every host. */
  onTaskEvent(handler: (hostId: number, event: HostTaskEvent) => void): void {
    this.taskHandlers.add(handler);
  }

  /** Hears every host tell how a follower of a sync session keeps up (issue 26). */
  onSyncFollower(handler: (event: HostSyncFollowerEvent) => void): void {
    this.syncFollowerHandlers.add(handler);
  }

  /** Hears a host ask for the whole state of its phones (when it starts, and on every reconnect). */
  onStateWanted(handler: (hostId: number) => void): void {
    this.stateWantedHandlers.add(handler);
  }

  /** Opens the event stream of host `hostId`'s client; what it tells reaches every handler. Returns its stop. */
  listen(hostId: number, client: DeviceHostClient): () => void {
    if (!this.listening) return () => undefined;
    return client.subscribe({
      task: (event) => {
        for (const handle of this.taskHandlers) handle(hostId, event);
      },
      // Its ask for its phones' whole state reaches the delivery to hosts (issue 20).
      stateWanted: () => {
        for (const handle of this.stateWantedHandlers) handle(hostId);
      },
      syncFollower: (event) => {
        for (const handle of this.syncFollowerHandlers) handle(event);
      },
    });
  }
}
