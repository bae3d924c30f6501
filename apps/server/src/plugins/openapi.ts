import fp from 'fastify-plugin';
import { z } from 'zod';
import { INT4_MAX } from '@cloudphone/contracts/bounds';
import { ERRORS } from '@cloudphone/contracts/errors';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import type { RouteDocs } from '../http/route';

interface Operation {
  method: string;
  path: string;
  docs: RouteDocs;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function queryParameters(schema: z.ZodType) {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const SECURITY_HEADERS = ['tenant-id', 'client-id'].map((name) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'integer', minimum: 1, maximum: INT4_MAX },
}));

/** A merchant's call is signed as the SDK's are, with its merchant key (issue 24). */
const MERCHANT_HEADERS = Object.values(SdkHeader).map((name) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string' },
}));

/** Every code a handled refusal can carry, with its English text: what tells a refusal from a success. */
const REFUSAL_CODES = [
  ...new Map(
    Object.values(ERRORS)
      .filter((entry) => entry.code > 0 && entry.code !== ResponseCode.SYSTEM_ERROR)
      .map((entry) => [entry.code, entry['en-US']]),
  ),
].sort(([a], [b]) => a - b);

const ENVELOPE_SCHEMAS = {
  Refusal: {
    description:
      'A refusal the caller should show: HTTP 200 (413 for a body over its limit, its connection then closed) with a catalogue code and its text in the Accept-Language; 1001 lists the failing fields in data. Codes: ' +
      REFUSAL_CODES.map(([code, text]) => `${code} ${text}`).join('; '),
    type: 'object',
    properties: {
      code: { type: 'integer', enum: REFUSAL_CODES.map(([code]) => code) },
      msg: { type: 'string' },
      data: {},
    },
    required: ['code', 'msg', 'data'],
  },
  ServerFault: {
    description: 'The server itself broke (HTTP 500): never the cause, only the system-exception text.',
    type: 'object',
    properties: { code: { const: ResponseCode.SYSTEM_ERROR }, msg: { type: 'string' }, data: { type: 'null' } },
    required: ['code', 'msg', 'data'],
  },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ref = (name: keyof typeof ENVELOPE_SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });

function operationObject({ docs, path }: Operation) {
  const parameters = [
    ...(docs.access === 'public' || docs.access === 'operator'
      ? []
      : docs.access === 'merchant'
        ? MERCHANT_HEADERS
        : SECURITY_HEADERS),
    ...(docs.query ? queryParameters(docs.query) : []),
  ];
  return {
    summary: docs.summary,
    tags: [path.split('/')[2] ?? 'api'],
    parameters,
    ...(docs.access === 'user' || docs.access === 'operator' ? { security: [{ bearer: [] }] } : {}),
    ...(docs.body
      ? { requestBody: { content: { 'application/json': { schema: jsonSchema(docs.body, 'input') } } } }
      : {}),
    responses: {
      200: {
        description: 'The envelope (DESIGN §3): code 0 with the data, or a refusal',
        ...json({
          oneOf: [
            {
              type: 'object',
              properties: {
                code: { const: ResponseCode.OK },
                msg: { type: 'string' },
                data: jsonSchema(docs.response, 'output'),
              },
              required: ['code', 'msg', 'data'],
            },
            ref('Refusal'),
          ],
        }),
      },
      '4XX': { description: 'A body too large or of a type the call does not take', ...json(ref('Refusal')) },
      500: { description: 'A server fault', ...json(ref('ServerFault')) },
    },
  };
}

/**
 * The OpenAPI document at /api/openapi.json and a docs page at /api/docs, generated from the same zod
 * schemas that validate each call (DESIGN §3).
 */
export const openapiPlugin = fp(async (app) => {
  const operations: Operation[] = [];
  app.addHook('onRoute', (route) => {
    const docs = route.config?.docs;
    if (!docs || docs.hidden) return;
    // Fastify adds a HEAD route beside each GET: the GET describes both. A route documented by hand
    // (the tus upload) names its own operations.
    const methods = [route.method].flat().map((m) => m.toLowerCase());
    for (const method of docs.operations
      ? methods.filter((m) => docs.operations?.[m])
      : methods.filter((m) => m !== 'head'))
      operations.push({ method, path: route.url.replace(/:(\w+)/g, '{$1}'), docs });
  });

  let document: object | undefined;
  app.get('/api/openapi.json', async () => {
    document ??= {
      openapi: '3.1.0',
      info: { title: 'Cloudphone API', version: '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: ENVELOPE_SCHEMAS,
      },
      paths: operations.reduce<Record<string, Record<string, object>>>((paths, op) => {
        (paths[op.path] ??= {})[op.method] = op.docs.operations?.[op.method] ?? operationObject(op);
        return paths;
      }, {}),
    };
    return document;
  });

  app.get('/api/docs', async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return DOCS_PAGE;
  });
  // Its own file: the content security policy runs no inline script.
  app.get('/api/docs.js', async (_request, reply) => {
    reply.type('text/javascript; charset=utf-8');
    return DOCS_SCRIPT;
  });
});

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Cloudphone API</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
h2{margin-top:2rem;border-bottom:1px solid #ddd}.op{margin:.75rem 0;padding:.5rem .75rem;border:1px solid #e4e6ef;border-radius:6px}
.m{display:inline-block;min-width:4rem;font-weight:600;text-transform:uppercase}pre{background:#f6f7fb;padding:.5rem;overflow:auto;font-size:12px}</style>
</head><body><h1>Cloudphone API</h1>
<p>Every reply is HTTP 200 with <code>{ code, msg, data }</code>; code 0 is success. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<div id="ops">Loading…</div>
<script src="/api/docs.js"></script></body></html>`;

const DOCS_SCRIPT = `fetch('/api/openapi.json').then(r => r.json()).then(doc => {
  const byTag = {};
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) (byTag[op.tags[0]] ??= []).push({ path, method, op });
  const esc = s => String(s).replace(/[&<>]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
  document.getElementById('ops').innerHTML = Object.entries(byTag).map(([tag, ops]) =>
    '<h2>' + esc(tag) + '</h2>' + ops.map(({ path, method, op }) =>
      '<details class="op"><summary><span class="m">' + method + '</span> <code>' + esc(path) + '</code> — ' + esc(op.summary) +
      '</summary><pre>' + esc(JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }, null, 2)) +
      '</pre></details>').join('')).join('');
});
`;
