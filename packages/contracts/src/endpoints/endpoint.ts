import type * as Zod from 'zod';
import type { z } from 'zod';
import type { ConsoleAction } from '../operators';
import type { PhoneAction } from '../phone-access';
import type * as Schemas from './schemas';

/**
 * Who may call an endpoint: anyone (`public`), a caller naming a valid tenant and client in its
 * headers (`tenant`), or a signed-in user of that tenant (`user`).
 */
/**
 * Who may call: anyone, a client of a tenant, a signed-in user, a merchant's own system (its signed
 * key), or an operator signed in to the console (issue 62).
 */
export type Access = 'public' | 'tenant' | 'user' | 'merchant' | 'operator';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Names one of the contracts' schemas (`s`) or builds one from them with zod (`z`). Only the server
 * calls it: clients take the catalogue as plain data and its types, so no zod reaches their bundle.
 */
export type SchemaPick = (s: typeof Schemas, z: typeof Zod) => z.ZodType;

/** One `/api/*` call, declared once: the server routes it, clients call it, the OpenAPI document shows it. */
export interface Endpoint {
  method: Method;
  /** The whole path, as clients call it. */
  path: `/api/${string}`;
  access: Access;
  /**
   * What the call asks of the phones it names, in the access table (DESIGN §10, `phone-access.ts`):
   * every call that names a phone says, and a route test walks them all for each role.
   */
  phone?: PhoneAction;
  /** What an `operator` call asks of the operator's role, in the role table (`operators.ts`). */
  console?: ConsoleAction;
  /** The line the OpenAPI document shows. */
  summary: string;
  query?: SchemaPick;
  body?: SchemaPick;
  /** The `data` of a successful envelope (`z.null()` for a call that answers nothing). */
  reply: SchemaPick;
  /** The largest body the call takes, refused before it is read (the server's default when absent). */
  bodyLimit?: number;
}

type Picked<E, K extends 'query' | 'body' | 'reply'> = E extends { [P in K]: infer F extends SchemaPick }
  ? ReturnType<F>
  : never;

/** What a query string can carry: a value a schema coerces (typed `unknown` by zod) is sent as one of these. */
export type QueryValue = string | number | boolean | null | undefined;
type AsQuery<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue : T[K] };

/** The query a client sends (before the server's coercion and defaults); `never` when the call takes none. */
export type QueryOf<E> = [Picked<E, 'query'>] extends [never] ? never : AsQuery<z.input<Picked<E, 'query'>>>;
/** The body a client sends (before defaults); `never` when the call takes none. */
export type BodyOf<E> = [Picked<E, 'body'>] extends [never] ? never : z.input<Picked<E, 'body'>>;
/** The `data` a client receives. */
export type ReplyOf<E> = z.output<Picked<E, 'reply'>>;

/** The query and body a handler receives, parsed (`undefined` when the call takes none). */
export type ParsedQueryOf<E> = [Picked<E, 'query'>] extends [never] ? undefined : z.output<Picked<E, 'query'>>;
export type ParsedBodyOf<E> = [Picked<E, 'body'>] extends [never] ? undefined : z.output<Picked<E, 'body'>>;
/** What a handler may return: the reply before the schema's defaults; a call that answers null may return nothing. */
export type ReplyInputOf<E> =
  null extends z.input<Picked<E, 'reply'>> ? z.input<Picked<E, 'reply'>> | void : z.input<Picked<E, 'reply'>>;
