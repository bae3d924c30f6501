import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENTS, Server, type ServerOptions } from '@tus/server';
import { z, ZodError } from 'zod';
import { ERRORS, errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { UPLOAD_PATH } from '@cloudphone/contracts/files';
import type { Language } from '@cloudphone/contracts/locale';
import { AppError } from '../../services/app-error';
import type { AuthUser } from '../../services/accounts/auth.service';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** Who sent a tus request: the Fastify hooks signed them in before tus saw the request. */
const callers = new WeakMap<IncomingMessage, { auth: AuthUser; language: Language }>();

function callerOf(req: TusRequest): { auth: AuthUser; language: Language } {
  const node = (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
  const caller = node && callers.get(node);
  if (!caller) throw new AppError('tokenExpired');
  return caller;
}

/** A refusal as tus sends it: a 4xx whose body is the usual envelope, so the client shows its text. */
function tusRefusal(key: ErrorKey, language: Language): { status_code: number; body: string } {
  const code = ERRORS[key].code;
  return { status_code: 422, body: JSON.stringify({ code, msg: errorMessage(key, language), data: null }) };
}

/**
 * Resumable uploads on the tus protocol at /api/files/upload (issue 14): a cut connection or a
 * closed tab resumes from the offset the server has. Each request is signed in like any API call
 * (tenant headers, bearer token, XSRF header); chunks stream to the blob store's upload area and are
 * never held in memory. The last chunk's reply is the library entry the upload became, once it has
 * been verified and parsed — or a 422 with the catalogue refusal.
 */
export default async function uploadRoutes(app: FastifyInstance) {
  const { files } = app.services;
  const tus = new Server({
    path: UPLOAD_PATH,
    datastore: app.blobs.uploads,
    relativeLocation: true,
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (req, upload) => {
      await files.beginUpload(callerOf(req).auth, upload.id, upload.metadata, upload.size);
      return {};
    },
    onIncomingRequest: async (req, uploadId) => {
      // Every request after the creation names an upload: only its owner may go on with it.
      if (req.method !== 'POST' && !(await files.ownsUpload(callerOf(req).auth, uploadId)))
        throw new AppError('fileNotFound');
    },
    onUploadFinish: async (_req, upload) => {
      const file = await files.finishUpload(upload.id);
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 0, msg: '', data: file }),
      };
    },
    // Every refusal is the catalogue's; a fault is a system exception, never the store's or database's words.
    onResponseError: (req, error) => {
      const language = callerOf(req).language;
      if (error instanceof AppError) return tusRefusal(error.key, language);
      if (error instanceof ZodError) return tusRefusal('invalidParameter', language);
      if ('status_code' in error && error.status_code < 500) return undefined;
      app.log.error({ err: error }, 'upload failed');
      return { ...tusRefusal('systemException', language), status_code: 500 };
    },
  });

  // An upload the user cancelled gives its room back at once.
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => void files.abandonUpload(id).catch(() => undefined));

  // Chunks are the request body itself: left unread here, for tus to stream to the store.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    callers.set(request.raw, { auth: request.auth!, language: request.language });
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const docs = { summary: 'Resumable upload (tus 1.0)', access: 'user' as const, response: z.null() };
  app.route({
    method: ['POST', 'OPTIONS'],
    url: UPLOAD_PATH,
    config: { docs: { ...docs, operations: { post: TUS_OPERATIONS.create } } },
    handler: handle,
  });
  app.route({
    method: ['PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
    url: `${UPLOAD_PATH}/:id`,
    config: { docs: { ...docs, operations: TUS_OPERATIONS.upload } },
    handler: handle,
  });
}

const TUS_HEADER = { name: 'Tus-Resumable', in: 'header', required: true, schema: { const: '1.0.0' } };
const ID = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const OFFSET = { description: 'Upload-Offset: the bytes the server holds' };

/**
 * The tus protocol's calls as the OpenAPI document shows them (issue 23): not JSON, so described by
 * hand from the protocol (tus.io, 1.0 with creation and termination) and the metadata we require.
 */
const TUS_OPERATIONS = {
  create: {
    summary: 'Start a resumable upload (tus creation)',
    description:
      'Upload-Length is the file size; Upload-Metadata (base64 values) carries filename, kind (app | file), batchId and sha256, which the server checks. The reply is 201 with the upload URL in Location; an upload refused by a limit is 4xx with the catalogue text.',
    parameters: [
      TUS_HEADER,
      { name: 'Upload-Length', in: 'header', required: true, schema: { type: 'integer', minimum: 1 } },
      { name: 'Upload-Metadata', in: 'header', required: true, schema: { type: 'string' } },
    ],
    security: [{ bearer: [] }],
    responses: { 201: { description: 'Created: Location names the upload' } },
  },
  upload: {
    head: {
      summary: 'How much of an upload the server holds (tus)',
      parameters: [TUS_HEADER, ID],
      security: [{ bearer: [] }],
      responses: { 200: OFFSET },
    },
    patch: {
      summary: 'Send the next chunk of an upload from Upload-Offset (tus)',
      description: 'The last chunk’s reply carries the library entry the upload became.',
      parameters: [
        TUS_HEADER,
        ID,
        { name: 'Upload-Offset', in: 'header', required: true, schema: { type: 'integer', minimum: 0 } },
      ],
      requestBody: { content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      security: [{ bearer: [] }],
      responses: { 204: OFFSET },
    },
    delete: {
      summary: 'Cancel an upload and give its room back (tus termination)',
      parameters: [TUS_HEADER, ID],
      security: [{ bearer: [] }],
      responses: { 204: { description: 'Cancelled' } },
    },
  },
};
