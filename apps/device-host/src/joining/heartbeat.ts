import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import { HostApiHeader } from '@cloudphone/contracts/host-api';
import { HOST_HEARTBEAT_MS, type HostRegistration } from '@cloudphone/contracts/host-registry';
import { SERVER_API } from '@cloudphone/contracts/host-api-catalogue';
import type { JoinedCredential } from './credential';

/** What the beat tells the host's log: only a change (the server lost, refusing, or back). */
export type BeatState = 'ok' | 'unreachable' | 'refused';

/**
 * A joined host's heartbeat (issue 32): every `HOST_HEARTBEAT_MS` it tells the server it is alive and
 * what it is, signed with its own key and naming itself; a host whose beats stop is offline for users
 * within seconds. Runs until the returned function is called.
 */
export function startHeartbeat(
  credential: JoinedCredential,
  /** What the host is now (a host of devices may have gained one since the last beat). */
  host: () => HostRegistration,
  told: (state: BeatState, detail: string) => void,
): () => void {
  let last: BeatState | undefined;
  const tell = (state: BeatState, detail: string) => {
    if (state !== last) told(state, detail);
    last = state;
  };
  const beat = async () => {
    const body = JSON.stringify({ host: host() });
    try {
      const response = await fetch(`${credential.serverUrl}${SERVER_API.heartbeat.path}`, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(HOST_HEARTBEAT_MS),
        headers: {
          'content-type': 'application/json',
          [HostApiHeader.hostId]: String(credential.hostId),
          ...hostCallHeaders(credential.key, 'POST', SERVER_API.heartbeat.path, body, Date.now()),
        },
      });
      const reply = (await response.json()) as { code: number; msg: string };
      if (reply.code === 0) tell('ok', credential.serverUrl);
      else tell('refused', reply.msg);
    } catch (error) {
      tell('unreachable', (error as Error).message);
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), HOST_HEARTBEAT_MS);
  return () => clearInterval(timer);
}
