import { pipeline, Transform } from 'node:stream';
import fp from 'fastify-plugin';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import type { MerchantKey } from '../services/content/message.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant whose merchant key signed the call, on `merchant` routes (issue 24). */
    merchant: number | null;
    rawBody: Buffer | null;
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Fastify's own refusal of a body over its limit, as its body reader raises it (HTTP 413). */
function bodyTooLarge(): Error {
  return Object.assign(new Error('request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
}

/**
 * Passes the body on to the JSON parser — which stops at the route's limit — and keeps a copy of the
 * bytes that passed, for the signature over the body as sent.
 */
function keepingBytes(onEnd: (body: Buffer) => void): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      next(null, chunk);
    },
    flush(done) {
      onEnd(Buffer.concat(chunks));
      done();
    },
  });
}

/**
 * Signs a merchant's own system in on `merchant` routes: the SDK's headers and signature scheme with a
 * merchant key the admin CLI makes (`merchant:key`), each signature accepted once. Nothing is believed
 * before it is bounded (issue 47): the declared length, the key and the request time are checked from
 * the headers before a byte of the body is read, and the body is read no further than its limit.
 */
export const merchantPlugin = fp(async (app) => {
  const { messages } = app.services;
  const keys = new WeakMap<object, MerchantKey>();
  app.decorateRequest('merchant', null);
  app.decorateRequest('rawBody', null);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.routeOptions.config.docs?.access !== 'merchant') return payload;
    if (Number(request.headers['content-length'] ?? 0) > request.routeOptions.bodyLimit) throw bodyTooLarge();
    keys.set(
      request,
      await messages.merchantKeyOf(
        header(request.headers[SdkHeader.accessKey]),
        header(request.headers[SdkHeader.requestTime]),
      ),
    );
    const kept = keepingBytes((body) => (request.rawBody = body));
    // A body cut off (the caller left) ends the copy too.
    return pipeline(payload, kept, () => undefined);
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.docs?.access !== 'merchant') return;
    request.merchant = await messages.merchantOf(keys.get(request), {
      requestTime: header(request.headers[SdkHeader.requestTime]) ?? '',
      signature: header(request.headers[SdkHeader.signature]),
      method: request.method,
      path: request.url,
      body: (request.rawBody ?? Buffer.alloc(0)).toString('utf8'),
    });
  });
});
