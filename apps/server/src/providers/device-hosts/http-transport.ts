import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { Readable } from 'node:stream';
import { request } from 'undici';
import { hostCallHeaders } from '@cloudphone/contracts/access-key';
import { HostApiHeader } from '@cloudphone/contracts/host-api';
import { HOST_API, HOST_API_PREFIX, hostPath, type HostRoute } from '@cloudphone/contracts/host-api-catalogue';
import type { HostEventListener } from './device-host-client';
import { followHostEvents } from './host-event-stream';
import type { HostAnswer, HostRouteName, HostTransport } from './host-transport';

const STREAM_TIMEOUT_MS = 5_000;
const pathOf = (route: HostRoute, params: Record<string, string> = {}) => HOST_API_PREFIX + hostPath(route, params);

/**
 * A device host in its own process or machine (DESIGN §8), reached over HTTP: every call signed with
 * the key the control plane and that host share, its body's hash in a header so the host checks the
 * signature before it reads the body.
 */
export class HttpTransport implements HostTransport {
  /** While the host's event stream is open. */
  online = false;
  readonly remote = true;

  constructor(
    readonly publicUrl: string,
    private readonly hostKey: string,
    /** Where the control plane reaches the host, when that differs from where clients do. */
    private readonly apiUrl = publicUrl,
    /** The signed URL the host fetches a blob from (the server's, as the host reaches it). */
    private readonly blobUrl: (sha256: string) => string = () => '',
    /** Where the host reaches this server back (`SERVER_URL`). */
    private readonly controlPlaneUrl = '',
  ) {}

  async call(
    name: HostRouteName,
    params: Record<string, string>,
    body: object | undefined,
    timeoutMs: number,
  ): Promise<HostAnswer> {
    const route = HOST_API[name];
    const text = body === undefined ? '' : JSON.stringify(body);
    const path = pathOf(route, params);
    // undici's own request, not fetch: a quarter of fetch's cost a call (issue 56: a list of phones on a
    // joined host makes one), and calls at once share its connections to the host.
    const reply = await request(`${this.apiUrl}${path}`, {
      method: route.method,
      body: text || undefined,
      signal: AbortSignal.timeout(timeoutMs),
      headers: this.headers(route.method, path, text),
    });
    const type = reply.headers['content-type'];
    return { type: typeof type === 'string' ? type : '', wire: Buffer.from(await reply.body.arrayBuffer()) };
  }

  async stream(name: HostRouteName, params: Record<string, string>, type: string): Promise<Readable | undefined> {
    const path = pathOf(HOST_API[name], params);
    // Over node:http, so the socket is read only as fast as the reader takes it (fetch's body reads ahead).
    const reply = await new Promise<IncomingMessage>((resolve, reject) =>
      (this.apiUrl.startsWith('https:') ? httpsGet : httpGet)(
        `${this.apiUrl}${path}`,
        { headers: hostCallHeaders(this.hostKey, 'GET', path, '', Date.now()), timeout: STREAM_TIMEOUT_MS },
        resolve,
      ).on('error', reject),
    );
    if (reply.statusCode !== 200 || !reply.headers['content-type']?.startsWith(type)) {
      reply.resume();
      return undefined;
    }
    return reply;
  }

  subscribe(listener: HostEventListener): () => void {
    // The host learns where to ask this server back (SDK power calls) from the subscription.
    const headers: Record<string, string> = this.controlPlaneUrl
      ? { [HostApiHeader.controlPlaneUrl]: this.controlPlaneUrl }
      : {};
    const path = pathOf(HOST_API.events);
    return followHostEvents(
      this.hostKey,
      (signal) => this.fetch('GET', path, '', signal, headers),
      listener,
      (up) => (this.online = up),
    );
  }

  blobSource(sha256: string): string {
    return this.blobUrl(sha256);
  }

  private fetch(
    method: string,
    path: string,
    body: string,
    signal: AbortSignal,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    return fetch(`${this.apiUrl}${path}`, {
      method,
      body: body || undefined,
      signal,
      headers: { ...extraHeaders, ...this.headers(method, path, body) },
    });
  }

  /** A call's headers: its signature, and the JSON body's type. */
  private headers(method: string, path: string, body: string): Record<string, string> {
    return {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...hostCallHeaders(this.hostKey, method, path, body, Date.now()),
    };
  }
}
