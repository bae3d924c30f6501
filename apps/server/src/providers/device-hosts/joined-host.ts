import type { DeviceHostRecord } from '../../repositories/device-host.repository';
import { signedBlobUrl } from '../blob-store/signed-url';
import { HostApiClient } from './host-api-client';

/**
 * The client of a host that joined (issue 32): every call signed with the host's own key, at its host
 * API; the blob URLs it is sent name it, signed with that key too. `serverUrl` is where it reaches us.
 */
export function joinedHostClient(host: DeviceHostRecord & { key: string }, serverUrl: string): HostApiClient {
  return HostApiClient.overHttp(
    host.name,
    host.publicUrl,
    host.key,
    host.apiUrl || host.publicUrl,
    (sha256) => signedBlobUrl(serverUrl, host.key, sha256, Date.now(), host.id),
    serverUrl,
  );
}
