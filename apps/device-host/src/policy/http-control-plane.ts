import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import { errorKeyForCode } from '@cloudphone/contracts/errors';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import {
  HostApiHeader,
  HOST_LOCK_PATH,
  HOST_POWER_PATH,
  type HostLockReply,
  type HostLockRequest,
  type HostPowerRequest,
} from '@cloudphone/contracts/host-api';
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

  async power(request: HostPowerRequest): Promise<{ taskId: string } | { refused: ErrorKey }> {
    const reply = await this.call<{ taskId?: string }>(HOST_POWER_PATH, request);
    if ('refused' in reply) return reply;
    return reply.taskId ? { taskId: reply.taskId } : { refused: 'systemException' };
  }

  async lock(request: HostLockRequest): Promise<HostLockReply | { refused: ErrorKey }> {
    const reply = await this.call<HostLockReply>(HOST_LOCK_PATH, request);
    return 'refused' in reply ? reply : { expiresAt: reply.expiresAt ?? null };
  }

  /** One signed call: its data, or the catalogue key of its refusal (`deviceNotConnected` when it went unanswered). */
  private async call<T>(path: string, request: object): Promise<T | { refused: ErrorKey }> {
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
      const reply = (await response.json()) as { code: number; data: T | null };
      if (reply.code === 0 && reply.data) return reply.data;
      return { refused: errorKeyForCode(reply.code) ?? 'systemException' };
    } catch {
      return { refused: 'deviceNotConnected' };
    }
  }
}
