import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSignature, sha256Hex, signRequestWithBodyHash, syncForwardKey } from '@cloudphone/contracts/access-key';
import { HostApiHeader } from '@cloudphone/contracts/host-api';
import { SDK_MAX_SKEW_MS } from '@cloudphone/contracts/sdk';
import type { DeviceHost } from '../host';
import type { PhoneDriver } from '../drivers/phone-driver';

/** The largest JSON body a host-API call takes, and the largest package. */
export const HOST_API_JSON_LIMIT = 64 * 1024;
export const APK_MAX_BYTES = 256 * 1024 * 1024;
export const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';

const EMPTY_SHA256 = sha256Hex('');

export class HostApiRefusal extends Error {
  constructor(readonly reason: 'forbidden' | 'tooLarge') {
    super(reason);
  }
}

/** A body as received: its sha256, and its text or the file it was streamed to. */
interface ReceivedBody {
  sha256: string;
  text?: string;
  file?: string;
}
/** A package upload as the handler sees it: a file on disk, removed once the reply is sent. */
export interface UploadedFile {
  file: string;
}

/** How far the signature check got before the body was read. */
interface Check {
  /** The hash the signature was checked against in onRequest, or undefined when it waits for the body. */
  signedHash: string | undefined;
  upload?: string;
}

/** Bytes a request says it carries; a body of unknown length counts as endless. */
function declaredLength(request: FastifyRequest): number {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length);
  return request.headers['transfer-encoding'] ? Number.POSITIVE_INFINITY : 0;
}

/** Streams a body to a file of its own, hashing it on the way, and refuses it past `limit` bytes. */
async function receiveFile(payload: NodeJS.ReadableStream, limit: number): Promise<ReceivedBody> {
  const folder = await mkdtemp(join(tmpdir(), 'cloudphone-upload-'));
  const file = join(folder, 'body');
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      bytes += chunk.length;
      if (bytes > limit) return next(new HostApiRefusal('tooLarge'));
      hash.update(chunk);
      next(null, chunk);
    },
  });
  try {
    await pipeline(payload, meter, createWriteStream(file));
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return { sha256: hash.digest('hex'), file };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `session`: the call is signed with a sync session's key for this host (issue 32: another host
     * forwarding its main's input), derived from the host key and the route's `syncId`.
     */
    signedWith?: 'session';
  }
}

/** The key a call must be signed with: the host key, or for a session's route the session's key for this host. */
function keyFor(request: FastifyRequest, hostKey: string): string {
  if (request.routeOptions.config.signedWith !== 'session') return hostKey;
  return syncForwardKey(hostKey, (request.params as { syncId?: string }).syncId ?? '');
}

/**
 * The host API's door (DESIGN §4): a stale or forged call is refused from its headers alone, before
 * any body is read; JSON bodies are small, packages stream to disk and are checked against the
 * signed hash before anything reads them.
 */
export function requireHostSignature(app: FastifyInstance, host: DeviceHost<PhoneDriver>): void {
  const checks = new WeakMap<FastifyRequest, Check>();
  const genuine = (request: FastifyRequest, bodySha256: string) => {
    const time = String(request.headers[HostApiHeader.time] ?? '');
    const path = request.url.split('?')[0] ?? '';
    const key = keyFor(request, host.options.hostKey);
    const expected = signRequestWithBodyHash(key, request.method, path, time, bodySha256);
    return sameSignature(expected, String(request.headers[HostApiHeader.signature] ?? ''));
  };

  app.addHook('onRequest', async (request) => {
    const time = String(request.headers[HostApiHeader.time] ?? '');
    if (!/^\d+$/.test(time) || Math.abs(host.clock.now() - Number(time)) > SDK_MAX_SKEW_MS)
      throw new HostApiRefusal('forbidden');
    const declared = request.headers[HostApiHeader.bodySha256];
    const length = declaredLength(request);
    let signedHash: string | undefined;
    if (typeof declared === 'string') signedHash = declared.toLowerCase();
    else if (length === 0) signedHash = EMPTY_SHA256;
    else if (length > HOST_API_JSON_LIMIT) throw new HostApiRefusal('forbidden');
    if (signedHash !== undefined && !genuine(request, signedHash)) throw new HostApiRefusal('forbidden');
    checks.set(request, { signedHash });
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: HOST_API_JSON_LIMIT },
    (_request, text, done) => {
      const body = String(text);
      done(null, { sha256: sha256Hex(body), text: body } satisfies ReceivedBody);
    },
  );
  // Packages stream to a file of their own.
  app.addContentTypeParser(APK_CONTENT_TYPE, async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    if (declaredLength(request) > APK_MAX_BYTES) throw new HostApiRefusal('tooLarge');
    const received = await receiveFile(payload, APK_MAX_BYTES);
    const check = checks.get(request);
    if (check) check.upload = received.file;
    return received;
  });

  app.addHook('preHandler', async (request) => {
    const check = checks.get(request);
    const body = request.body as ReceivedBody | undefined;
    const sha256 = body?.sha256 ?? EMPTY_SHA256;
    if (!check) throw new HostApiRefusal('forbidden');
    if (check.signedHash !== undefined ? check.signedHash !== sha256 : !genuine(request, sha256))
      throw new HostApiRefusal('forbidden');
    if (body?.file) request.body = { file: body.file } satisfies UploadedFile;
    else request.body = body?.text ? (JSON.parse(body.text) as unknown) : {};
  });

  app.addHook('onResponse', async (request) => {
    const upload = checks.get(request)?.upload;
    if (upload) await rm(join(upload, '..'), { recursive: true, force: true });
  });
}
