import type { Readable } from 'node:stream';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import type { HostRoute } from '@cloudphone/contracts/host-api-catalogue';
import type { HostEventListener } from './device-host-client';

/** A host's answer to one call, as it came. */
export interface HostReply {
  status: number;
  type: string;
  body: Buffer;
}

/**
 * How the one host client reaches a host's API (issue 51): over HTTP for a host of its own, or into
 * the routes of the host in this process, with no HTTP hop. Either way each call is signed and served
 * by the same routes of the catalogue; only the wire differs.
 */
export interface HostTransport {
  /** Where clients reach the host; empty when it shares the server's origin. */
  readonly publicUrl: string;
  /** The host answers: its event stream is open (a host in this process always is). */
  readonly online: boolean;
  readonly adb?: HostRegistration['adb'] | null;
  /** One signed call of `path` (a catalogue route's, filled in), its body JSON. */
  send(method: HostRoute['method'], path: string, body: string, timeoutMs: number): Promise<HostReply>;
  /** A reply's bytes as they come (a snapshot of a real phone may be gigabytes), when they are of `type`. */
  stream(path: string, type: string): Promise<Readable | undefined>;
  /** The host's events (its task events, its ask for its phones' state) until the returned function is called. */
  subscribe(listener: HostEventListener): () => void;
  /** Where the host fetches the blob `sha256` from. */
  blobSource(sha256: string): string;
}
