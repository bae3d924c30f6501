import type { BodyOf, Endpoint, QueryOf, ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import { request, type RequestOptions } from './request';

/** A query or body the call requires, may take, or does not take at all. */
type Part<K extends 'query' | 'body', T> = [T] extends [never]
  ? { [P in K]?: never }
  : Partial<T> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'method' | 'query' | 'body'> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>>;

/** The options may be left out when the call needs neither a query nor a body. */
type CallArgs<E extends Endpoint> =
  Partial<CallOptions<E>> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Calls one endpoint of the catalogue (`@cloudphone/contracts/endpoints/*`) through the request
 * layer: its method and path come from the entry, its query and body are typed by the entry's
 * schemas and so is the data it resolves to. No schema is loaded here: the reply is not re-validated.
 */
export function call<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<ReplyOf<E>> {
  return request<ReplyOf<E>>(endpoint.path, { ...(options as RequestOptions | undefined), method: endpoint.method });
}
