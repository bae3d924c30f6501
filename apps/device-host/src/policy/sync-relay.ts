import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import { hostSyncInputPath, hostSyncInputReply, type HostSyncPeer } from '@cloudphone/contracts/host-api';
import { SYNC_LAG_MS, type SyncFollowerState } from '@cloudphone/contracts/sync';
import type { PhoneInput } from './phone-input';

/** A forwarded input not answered in this long counts its followers offline. */
const FORWARD_TIMEOUT_MS = 2_000;
/** Inputs waiting for one host at most; past it the host is not keeping up, and later input is dropped. */
const MAX_WAITING = 50;

/**
 * The main's input on its way to the other hosts of a sync session (issue 32, DESIGN §8): each host
 * gets the inputs in the order the main took them (one queue per host and session), over the signed
 * host API with the session's key for that host, and replays them through its own input path. How
 * each follower took it comes back and is told from here, the main's host: late past `SYNC_LAG_MS`
 * after the main, offline when its host did not answer.
 */
export class SyncRelay {
  private readonly queues = new Map<string, { tail: Promise<void>; waiting: number }>();

  constructor(private readonly tell: (syncId: string, instanceNo: string, state: SyncFollowerState) => void) {}

  forward(syncId: string, peers: readonly HostSyncPeer[], input: PhoneInput): void {
    const started = performance.now();
    for (const peer of peers) {
      const name = `${peer.url} ${syncId}`;
      const queue = this.queues.get(name) ?? { tail: Promise.resolve(), waiting: 0 };
      if (!peer.url || queue.waiting >= MAX_WAITING) {
        this.offline(syncId, peer);
        continue;
      }
      queue.waiting++;
      queue.tail = queue.tail.then(async () => {
        await this.send(syncId, peer, input, started);
        if (--queue.waiting === 0) this.queues.delete(name);
      });
      this.queues.set(name, queue);
    }
  }

  private async send(syncId: string, peer: HostSyncPeer, input: PhoneInput, started: number): Promise<void> {
    const path = hostSyncInputPath(syncId);
    const body = JSON.stringify({ input });
    try {
      const response = await fetch(`${peer.url}${path}`, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
        headers: { 'content-type': 'application/json', ...hostCallHeaders(peer.key, 'POST', path, body, Date.now()) },
      });
      const reply = (await response.json()) as { code: number; data: unknown };
      if (reply.code !== 0) return this.offline(syncId, peer);
      const { followers } = hostSyncInputReply.parse(reply.data);
      const late = performance.now() - started > SYNC_LAG_MS;
      for (const instanceNo of peer.followers) {
        const state = followers.find((f) => f.instanceNo === instanceNo)?.state ?? 'offline';
        this.tell(syncId, instanceNo, state === 'applied' && late ? 'lagging' : state);
      }
    } catch {
      this.offline(syncId, peer);
    }
  }

  private offline(syncId: string, peer: HostSyncPeer): void {
    for (const instanceNo of peer.followers) this.tell(syncId, instanceNo, 'offline');
  }
}
