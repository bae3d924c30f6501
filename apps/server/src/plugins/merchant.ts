import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { SdkHeader } from '@cloudphone/contracts/sdk';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant whose merchant key signed the call, on `merchant` routes (issue 24). */
    merchant: number | null;
    rawBody: Buffer | null;
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Signs a merchant's own system in on `merchant` routes: the SDK's headers and signature scheme with a
 * merchant key the admin CLI makes (`merchant:key`), each signature accepted once. The signature
 * covers the body as sent, so the body's bytes are kept before the JSON parser reads them.
 */
export const merchantPlugin = fp(async (app) => {
  app.decorateRequest('merchant', null);
  app.decorateRequest('rawBody', null);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.routeOptions.config.docs?.access !== 'merchant') return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(chunk as Buffer);
    request.rawBody = Buffer.concat(chunks);
    return Readable.from([request.rawBody]);
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.docs?.access !== 'merchant') return;
    request.merchant = await app.services.messages.merchantOf({
      accessKey: header(request.headers[SdkHeader.accessKey]),
      requestTime: header(request.headers[SdkHeader.requestTime]),
      signature: header(request.headers[SdkHeader.signature]),
      method: request.method,
      path: request.url,
      body: (request.rawBody ?? Buffer.alloc(0)).toString('utf8'),
    });
  });
});
