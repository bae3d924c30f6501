import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as zod from 'zod';
import type { z } from 'zod';
import type {
  Access,
  Endpoint,
  ParsedBodyOf,
  ParsedQueryOf,
  ReplyInputOf,
  SchemaPick,
} from '@cloudphone/contracts/endpoints/endpoint';
import * as schemas from '@cloudphone/contracts/endpoints/schemas';
import type { Envelope } from '@cloudphone/contracts/envelope';
import type { TenantContext } from '../plugins/tenancy';
import type { AuthUser } from '../services/accounts/auth.service';
import type { AuditActor } from '../repositories/audit.repository';
import type { ConsoleCaller } from '../services/console/operator.service';
import { operatorActor } from '../plugins/operator-auth';
import type { PhoneGate } from '../services/phones/access/phone-access.service';
import { answerIn } from './caller-language';

export type { Access };

/** A route as the OpenAPI document and the tenancy and auth hooks see it: its catalogue entry, resolved. */
export interface RouteDocs {
  summary: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Not a JSON call (blob bytes, a server-sent event stream): left out of the OpenAPI document. */
  hidden?: boolean;
  /** A call that is not JSON but is documented as it is (the tus upload): its OpenAPI operation by method. */
  operations?: Partial<Record<string, object>>;
}

export interface RouteContext<Q, B, G = undefined> {
  request: FastifyRequest;
  query: Q;
  body: B;
  /** Present on `tenant` and `user` routes. */
  tenant: TenantContext;
  /** The signed-in user, present on `user` routes. */
  auth: AuthUser;
  /** The tenant whose merchant key signed the call, on `merchant` routes. */
  merchant: number;
  /** The operator signed in to the console and the tenant it works on, on `operator` routes (issue 62). */
  operator: ConsoleCaller;
  /** Who the changes of an `operator` route are recorded as in the audit trail. */
  actor: AuditActor;
  /**
   * The caller's gate for the action the entry names (`phone`), on routes that name one: the service
   * asks it about each phone, inside its unit of work (DESIGN §10).
   */
  gate: G;
}

/** A route's gate: present where its catalogue entry names what it asks of a phone. */
type GateOf<E> = E extends { phone: string } ? PhoneGate : undefined;

/** A call that answers no data (`z.null()`) may resolve to nothing: the envelope carries null. */
export type RouteHandler<E extends Endpoint> = (
  ctx: RouteContext<ParsedQueryOf<E>, ParsedBodyOf<E>, GateOf<E>>,
) => Promise<ReplyInputOf<E>>;

/** API bodies are a few fields (100 activation codes ≈ 7 KB): anything past this is refused unread. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

const resolve = (pick: SchemaPick | undefined) => pick?.(schemas, zod);

/**
 * The envelope of a reply whose data is `response`, as a JSON schema for Fastify's serializer
 * (fast-json-stringify): like the catalogue's parse it sends only the declared fields and fills in
 * defaults, at a fraction of its cost (issue 34). Undefined for a schema JSON cannot describe (a
 * transform): that reply is parsed as before. The clients parse every reply with the catalogue's schema.
 */
function envelopeSchema(response: z.ZodType): Record<string, unknown> | undefined {
  try {
    const { $schema: _draft, ...data } = zod.toJSONSchema(response, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    return {
      type: 'object',
      properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
      required: ['code', 'msg', 'data'],
    };
  } catch {
    return undefined;
  }
}

/**
 * Serves one call of the endpoint catalogue (packages/contracts/src/endpoints) with its handler. The
 * entry's schemas validate the query and body (a failure answers code 1001 with the fields), describe
 * the call in the OpenAPI document, and type the handler.
 */
export function defineRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void {
  const docs: RouteDocs = {
    summary: endpoint.summary,
    access: endpoint.access,
    query: resolve(endpoint.query),
    body: resolve(endpoint.body),
    response: endpoint.reply(schemas, zod),
  };
  const { query, body, response } = docs;
  const replySchema = envelopeSchema(response);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { docs, endpoint },
    bodyLimit: endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT,
    handler: async (request, reply): Promise<Envelope | string> => {
      const parsedQuery = query ? query.parse(request.query ?? {}) : undefined;
      const parsedBody = body ? body.parse(request.body ?? {}) : undefined;
      const gate =
        endpoint.phone && request.auth && request.server.services.phoneAccess.gate(request.auth, endpoint.phone);
      const data = await answerIn(request.language, () =>
        handler({
          request,
          query: parsedQuery as ParsedQueryOf<E>,
          body: parsedBody as ParsedBodyOf<E>,
          tenant: request.tenant as TenantContext,
          auth: request.auth as AuthUser,
          merchant: request.merchant as number,
          operator: request.operator as ConsoleCaller,
          actor: (request.operator ? operatorActor(request) : undefined) as AuditActor,
          gate: gate as GateOf<E>,
        }),
      );
      // The catalogue's reply schema is what leaves (issue 23): undeclared fields are stripped and
      // defaults applied; a reply missing a field is the server's fault, never sent as it is.
      if (!replySchema) return { code: 0, msg: '', data: response.parse(data ?? null) };
      reply.type('application/json; charset=utf-8');
      return reply.serializeInput({ code: 0, msg: '', data: data ?? null }, replySchema);
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
    /** The catalogue entry a route serves (defineRoute): what lets an /api/* route exist. */
    endpoint?: Endpoint;
  }
}
