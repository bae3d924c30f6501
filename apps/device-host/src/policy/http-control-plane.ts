import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import { errorKeyForCode } from '@cloudphone/contracts/errors';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import {
  HostApiHeader,
  type HostLockReply,
  type HostLockRequest,
  type HostPowerRequest,
} from '@cloudphone/contracts/host-api';
import { SERVER_API, type HostRoute } from '@cloudphone/contracts/host-api-catalogue';
import type { z } from 'zod';
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

  power(request: HostPowerRequest): Promise<{ taskId: string } | { refused: ErrorKey }> {
    return this.call(SERVER_API.power, request);
  }

  lock(request: HostLockRequest): Promise<HostLockReply | { refused: ErrorKey }> {
    return this.call(SERVER_API.lock, request);
  }

  /**
   * One signed call of the catalogue: its data as the route's reply schema has it, or the catalogue key
   * of its refusal (`deviceNotConnected` when it went unanswered, `systemException` when out of the catalogue).
   */
  private async call<Reply extends z.ZodType>(
    route: HostRoute<z.ZodType, Reply>,
    request: object,
  ): Promise<z.infer<Reply> | { refused: ErrorKey }> {
    const { path } = route;
    const base = this.url();
    if (!base) return { refused: 'deviceNotConnected' };
    const body = JSON.stringify(request);
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          ...(this.hostId === undefined ? {} : { [HostApiHeader.hostId]: String(this.hostId) }),
          ...hostCallHeaders(this.hostKey, 'POST', path, body, Date.now()),
        },
      });
      const reply = (await response.json()) as { code: number; data: unknown };
      if (reply.code !== 0) return { refused: errorKeyForCode(reply.code) ?? 'systemException' };
      const data = route.reply.safeParse(reply.data);
      return data.success ? data.data : { refused: 'systemException' };
    } catch {
      return { refused: 'deviceNotConnected' };
    }
  }
}
