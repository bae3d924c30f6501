import type { Readable } from 'node:stream';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { HOST_API } from '@cloudphone/contracts/host-api-catalogue';
import type { HostRegistration } from '@cloudphone/contracts/host-registry';
import type { HostEventListener } from './device-host-client';

/** A route of the host-API catalogue a client calls (the event stream is `subscribe`). */
export type HostRouteName = Exclude<keyof typeof HOST_API, 'events'>;

/**
 * A host's answer to one call: what came over the wire, for the client to unwrap and parse by the
 * catalogue; or, from the host in this process, its handler's data (typed by the catalogue) or its
 * refusal's catalogue key.
 */
export type HostAnswer = { wire: Buffer; type: string } | { data: unknown } | { refused: ErrorKey };

/**
 * How the one host client reaches a host's API (issue 51): over HTTP for a host of its own, signed;
 * or straight into the handlers of the host in this process, which its HTTP routes are made from.
 */
export interface HostTransport {
  /** Where clients reach the host; empty when it shares the server's origin. */
  readonly publicUrl: string;
  /** The host answers: its event stream is open (a host in this process always is). */
  readonly online: boolean;
  /** Its calls cross the network (a host of its own), rather than go into this process's host. */
  readonly remote: boolean;
  readonly adb?: HostRegistration['adb'] | null;
  readonly capacity?: number | null;
  /** One call of the catalogue, with its path's parameters and its body. */
  call(
    name: HostRouteName,
    params: Record<string, string>,
    body: object | undefined,
    timeoutMs: number,
  ): Promise<HostAnswer>;
  /** A bytes route's bytes as they come (a snapshot of a real phone may be gigabytes), when they are of `type`. */
  stream(name: HostRouteName, params: Record<string, string>, type: string): Promise<Readable | undefined>;
  /** The host's events (its task events, its ask for its phones' state) until the returned function is called. */
  subscribe(listener: HostEventListener): () => void;
  /** Where the host fetches the blob `sha256` from. */
  blobSource(sha256: string): string;
}
