import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import { SERVER_API } from '@cloudphone/contracts/host-api-catalogue';
import { readCredential, saveCredential, type JoinedCredential } from './credential';

/** How long the server may take to answer a join. */
const TIMEOUT_MS = 10_000;

/**
 * Who this standalone host is (issue 32): a fixed setup's host key (`HOST_KEY`, with the server's
 * `DEVICE_HOSTS`); else the credential it kept when it joined; else it joins now with the operator's
 * token at `CONTROL_PLANE_URL` and keeps what the server gave it. None of these: undefined.
 */
export async function hostIdentity(settings: {
  hostKey: string | undefined;
  dataDir: string;
  controlPlaneUrl: string | undefined;
  joinToken: string | undefined;
  registration: HostRegistration;
}): Promise<{ hostKey: string; joined?: JoinedCredential } | undefined> {
  if (settings.hostKey) return { hostKey: settings.hostKey };
  const kept = readCredential(settings.dataDir);
  if (kept) return { hostKey: kept.key, joined: kept };
  if (!settings.joinToken || !settings.controlPlaneUrl) return undefined;
  const joined = await join(settings.controlPlaneUrl, settings.joinToken, settings.registration);
  saveCredential(settings.dataDir, joined);
  return { hostKey: joined.key, joined };
}

/** Joins the server at `serverUrl` with a token; refused (a spent, expired or unknown token): throws why. */
async function join(serverUrl: string, token: string, host: HostRegistration): Promise<JoinedCredential> {
  const route = SERVER_API.join;
  const response = await fetch(`${serverUrl}${route.path}`, {
    method: route.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, host }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const reply = (await response.json()) as { code: number; msg: string; data: unknown };
  if (reply.code !== 0) throw new Error(`the server at ${serverUrl} refused to let this host join: ${reply.msg}`);
  return { serverUrl, ...route.reply.parse(reply.data) };
}
