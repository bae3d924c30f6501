import { Readable } from 'node:stream';
import type { HostLockReply, HostLockRequest, HostPowerRequest } from '@cloudphone/contracts/host-api';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import { inProcessHostApi, type ControlPlane, type DeviceHost, type HostBytes } from '@cloudphone/device-host';
import { AppError } from '../../services/app-error';
import type { HostEventListener } from './device-host-client';
import type { HostAnswer, HostRouteName, HostTransport } from './host-transport';

/**
 * The control plane as a host in this process asks it (issue 20): SDK power calls go to the same
 * service as the REST calls; a refusal is its catalogue key.
 */
export function inProcessControlPlane(decide: {
  power: (request: HostPowerRequest) => Promise<{ taskId: string }>;
  lock: (request: HostLockRequest) => Promise<HostLockReply>;
}): ControlPlane {
  const refusal = (error: unknown) => {
    if (error instanceof AppError) return { refused: error.key };
    throw error;
  };
  return {
    power: (request) => decide.power(request).catch(refusal),
    lock: (request) => decide.lock(request).catch(refusal),
  };
}

/**
 * The device host running inside the server process (`npm start`), reached through the same handlers
 * its HTTP routes are made from (issue 51), with no wire between: no HTTP hop, no signature, no JSON —
 * an HTTP call through the routes (`inject`) cost 0.25 ms a call, more than a whole phone-list page.
 * Its events are heard directly, and it reads pushed files and snapshots straight from the server's
 * blob store (their source is `blob:<sha256>`).
 */
export class EmbeddedTransport implements HostTransport {
  readonly publicUrl = '';
  readonly online = true;
  readonly remote = false;
  readonly adb: HostRegistration['adb'] | null;
  private readonly api: ReturnType<typeof inProcessHostApi>;

  constructor(
    private readonly host: DeviceHost,
    readBlob?: (sha256: string) => Promise<Readable>,
  ) {
    if (readBlob) host.startTasks((source) => readBlob(source.replace(/^blob:/, '')));
    this.adb = host.options.adb ?? null;
    this.api = inProcessHostApi(host);
  }

  /** Its driver's devices (issue 60), as many as it has now, or none: a host of this process takes what it is given. */
  get capacity(): number | null {
    return this.host.capacity ?? null;
  }

  call(name: HostRouteName, params: Record<string, string>, body: object | undefined): Promise<HostAnswer> {
    return this.api(name, params, body);
  }

  async stream(name: HostRouteName, params: Record<string, string>, type: string): Promise<Readable | undefined> {
    const answer = await this.api(name, params, undefined);
    if (!('data' in answer)) return undefined;
    const { bytes, type: sent } = answer.data as HostBytes;
    return sent.startsWith(type) ? Readable.from([bytes]) : undefined;
  }

  subscribe(listener: HostEventListener): () => void {
    return this.host.subscribe(listener);
  }

  blobSource(sha256: string): string {
    return `blob:${sha256}`;
  }
}
