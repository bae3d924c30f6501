import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope } from '@cloudphone/contracts/envelope';
import type { TenantContext } from '../plugins/tenancy';
import type { AuthUser } from '../services/auth.service';
import { answerIn } from './caller-language';

/**
 * Who may call a route: anyone (`public`), a caller naming a valid tenant and client in its headers
 * (`tenant`), or a signed-in user of that tenant (`user`, from the accounts issue on).
 */
export type Access = 'public' | 'tenant' | 'user';

export interface RouteDocs {
  summary: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Not a JSON call (a tus upload, a server-sent event stream): left out of the OpenAPI document. */
  hidden?: boolean;
}

export interface RouteContext<Q, B> {
  request: FastifyRequest;
  query: Q;
  body: B;
  /** Present on `tenant` and `user` routes. */
  tenant: TenantContext;
  /** The signed-in user, present on `user` routes. */
  auth: AuthUser;
}

export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> extends RouteDocs {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Q;
  body?: B;
  response: R;
  /** The largest body the call takes, refused before it is read (DEFAULT_BODY_LIMIT when absent). */
  bodyLimit?: number;
  /** A call that answers no data (`z.null()`) may resolve to nothing: the envelope carries null. */
  handler: (
    ctx: RouteContext<z.output<Q>, z.output<B>>,
  ) => Promise<null extends z.input<R> ? z.input<R> | void : z.input<R>>;
}

/** API bodies are a few fields (100 activation codes ≈ 7 KB): anything past this is refused unread. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Registers one API call. The zod schemas validate the query and body (a failure answers code 1001
 * with the fields), describe the call in the OpenAPI document, and type the handler.
 */
export function defineRoute<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(app: FastifyInstance, spec: RouteSpec<Q, B, R>): void {
  const docs: RouteDocs = {
    summary: spec.summary,
    access: spec.access,
    query: spec.query,
    body: spec.body,
    response: spec.response,
  };
  app.route({
    method: spec.method,
    url: spec.url,
    config: { docs },
    bodyLimit: spec.bodyLimit ?? DEFAULT_BODY_LIMIT,
    handler: async (request): Promise<Envelope> => {
      const query = spec.query ? spec.query.parse(request.query ?? {}) : undefined;
      const body = spec.body ? spec.body.parse(request.body ?? {}) : undefined;
      const data = await answerIn(request.language, () =>
        spec.handler({
          request,
          query: query as z.output<Q>,
          body: body as z.output<B>,
          tenant: request.tenant as TenantContext,
          auth: request.auth as AuthUser,
        }),
      );
      return { code: 0, msg: '', data: data ?? null };
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}
