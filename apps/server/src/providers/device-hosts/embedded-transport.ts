import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import type { HostLockReply, HostLockRequest, HostPowerRequest } from '@cloudphone/contracts/host-api';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import type { HostRoute } from '@cloudphone/contracts/host-api-catalogue';
import { hostApiApp, type ControlPlane, type DeviceHost } from '@cloudphone/device-host';
import { AppError } from '../../http/app-error';
import type { HostEventListener } from './device-host-client';
import type { HostReply, HostTransport } from './host-transport';

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
 * The device host running inside the server process (`npm start`), reached through its own host-API
 * routes over `inject` (issue 51): signed and served as a joined host's calls are, with no HTTP hop.
 * Its events are heard directly, and it reads pushed files and snapshots straight from the server's
 * blob store (their source is `blob:<sha256>`).
 */
export class EmbeddedTransport implements HostTransport {
  readonly publicUrl = '';
  readonly online = true;
  readonly adb: HostRegistration['adb'] | null;
  private readonly routes: FastifyInstance;

  constructor(
    private readonly host: DeviceHost,
    readBlob?: (sha256: string) => Promise<Readable>,
  ) {
    if (readBlob) host.startTasks((source) => readBlob(source.replace(/^blob:/, '')));
    this.adb = host.options.adb ?? null;
    this.routes = hostApiApp(host);
  }

  async send(method: HostRoute['method'], path: string, body: string): Promise<HostReply> {
    const reply = await this.routes.inject({
      method,
      url: path,
      payload: body || undefined,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...hostCallHeaders(this.host.options.hostKey, method, path, body, this.host.clock.now()),
      },
    });
    return { status: reply.statusCode, type: String(reply.headers['content-type'] ?? ''), body: reply.rawPayload };
  }

  async stream(path: string, type: string): Promise<Readable | undefined> {
    const reply = await this.send('GET', path, '');
    return reply.status === 200 && reply.type.startsWith(type) ? Readable.from([reply.body]) : undefined;
  }

  subscribe(listener: HostEventListener): () => void {
    return this.host.subscribe(listener);
  }

  blobSource(sha256: string): string {
    return `blob:${sha256}`;
  }
}
