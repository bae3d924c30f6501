import fc from 'fast-check';
import { UPLOAD_PATH } from '@cloudphone/contracts/files';

/** The parts of JSON Schema (draft 2020-12, as zod writes it) that the API's documents use. */
export interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** One operation of /api/openapi.json: where it is, and the schemas of its query and body. */
export interface Operation {
  method: string;
  path: string;
  access: 'public' | 'tenant' | 'user';
  query: Record<string, JsonSchema>;
  requiredQuery: string[];
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
        security?: unknown[];
        requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
      }
    >
  >;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  // The tus upload is described too, but it is not JSON: the files tests drive it.
  const json = Object.entries(document.paths).filter(([path]) => !path.startsWith(UPLOAD_PATH));
  return json.flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const query = op.parameters.filter((p) => p.in === 'query');
      const tenant = op.parameters.some((p) => p.name === 'tenant-id');
      return {
        method: method.toUpperCase(),
        path,
        access: op.security ? 'user' : tenant ? 'tenant' : 'public',
        query: Object.fromEntries(query.map((p) => [p.name, p.schema])),
        requiredQuery: query.filter((p) => p.required).map((p) => p.name),
        body: op.requestBody?.content['application/json'].schema,
      } satisfies Operation;
    }),
  );
}

const SMALL = 1_000;
const INT32 = 2 ** 31 - 1;

/** Values that break servers: past int4 and safe integers, NUL bytes, long text, wrong types. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 31) - 1, -1, 0, 1.5, 1e308, '\u0000', 'a\u0000b', '', null),
    weight: 4,
  },
  { arbitrary: fc.constantFrom('x'.repeat(5_000), true, [], {}), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
);

function integerIn(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -SMALL);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : SMALL);
  const near = fc.integer({ min: Math.max(min, -INT32 - 1, -SMALL), max: Math.min(max, INT32, SMALL) });
  // The edges of the documented range are where a schema and its column disagree.
  return fc.oneof({ arbitrary: near, weight: 3 }, { arbitrary: fc.constantFrom(min, max), weight: 1 });
}

/** Values the schema allows (as far as JSON Schema can say: zod refinements are not in it). */
export function valid(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map(valid));
  if (schema.allOf?.[0]) return valid(schema.allOf[0]);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, valid(s)]));
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(valid(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    case 'integer':
      return integerIn(schema);
    case 'number':
      return fc.double({ min: schema.minimum ?? -SMALL, max: schema.maximum ?? SMALL, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid value with one part replaced by a hostile one (or hostile altogether). */
export function invalid(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema.properties ?? {});
  if (schema.type !== 'object' || properties.length === 0) return hostile;
  const oneBad = fc
    .tuple(valid(schema), fc.constantFrom(...properties), hostile)
    .map(([value, key, bad]) => ({ ...(value as object), [key]: bad }));
  // Nothing at all: an optional field each, none given.
  return fc.oneof({ arbitrary: oneBad, weight: 4 }, { arbitrary: fc.constant({}), weight: 1 });
}

/** A query string's value: what a browser would send for `value`. */
export function queryValue(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
