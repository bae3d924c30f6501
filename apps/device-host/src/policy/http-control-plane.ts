import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import { errorKeyForCode } from '@cloudphone/contracts/errors';
import { HostApiHeader, HOST_POWER_PATH, type HostPowerRequest } from '@cloudphone/contracts/host-api';
import type { ControlPlane } from '../host';

/** The server's calls answer within the SDK's own 5 seconds. */
const TIMEOUT_MS = 4_000;

/**
 * The control plane of a standalone host, over HTTP: each call signed with the host key, as the
 * server's calls to the host are. `url` is where the server is (CONTROL_PLANE_URL, or what the server
 * said when it subscribed to this host's events). A host that joined names itself (`hostId`), for the
 * server to check its own key.
 */
export class HttpControlPlane implements ControlPlane {
  constructor(
    private readonly url: () => string | undefined,
    private readonly hostKey: string,
    private readonly hostId?: number,
  ) {}

  async power(request: HostPowerRequest) {
    const base = this.url();
    if (!base) return { refused: 'deviceNotConnected' as const };
    const body = JSON.stringify(request);
    try {
      const response = await fetch(`${base}${HOST_POWER_PATH}`, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          ...(this.hostId === undefined ? {} : { [HostApiHeader.hostId]: String(this.hostId) }),
          ...hostCallHeaders(this.hostKey, 'POST', HOST_POWER_PATH, body, Date.now()),
        },
      });
      const reply = (await response.json()) as { code: number; data: { taskId?: string } | null };
      if (reply.code === 0 && reply.data?.taskId) return { taskId: reply.data.taskId };
      return { refused: errorKeyForCode(reply.code) ?? 'systemException' };
    } catch {
      return { refused: 'deviceNotConnected' as const };
    }
  }
}
