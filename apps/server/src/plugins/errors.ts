import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { ERRORS, errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { ResponseCode, type Envelope, type FieldError } from '@cloudphone/contracts/envelope';
import { pickLanguage, type Language } from '@cloudphone/contracts/locale';
import { AppError } from '../services/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

function isErrorKey(value: string): value is ErrorKey {
  return Object.hasOwn(ERRORS, value);
}

/** Each failing field with its catalogue text; the headline is the first catalogue text, else "invalid parameter". */
function validationFailure(error: ZodError, language: Language): { msg: string; fields: FieldError[] } {
  const fields = error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: isErrorKey(issue.message) ? errorMessage(issue.message, language) : issue.message,
  }));
  const firstKey = error.issues.map((issue) => issue.message).find(isErrorKey);
  return { msg: errorMessage(firstKey ?? 'invalidParameter', language), fields };
}

/**
 * The response envelope (DESIGN §3): refusals are HTTP 200 with a catalogue code and text in the
 * caller's language; a validation failure is 1001 with the failing fields (never 400, which logs
 * the user out); only a server fault is HTTP 500, and no stack trace ever reaches the client.
 */
export const errorsPlugin = fp(async (app) => {
  app.decorateRequest('language', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });

  app.setErrorHandler(async (error, request, reply): Promise<Envelope> => {
    const language = request.language;
    if (error instanceof AppError) {
      return { code: ERRORS[error.key].code, msg: errorMessage(error.key, language, ...error.args), data: error.data };
    }
    if (error instanceof ZodError) {
      const { msg, fields } = validationFailure(error, language);
      return { code: ResponseCode.INVALID_PARAMETER, msg, data: fields };
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429)
      return { code: ResponseCode.TOO_FREQUENT, msg: errorMessage('tooFrequent', language), data: null };
    if (status === 413) {
      // A body over its route's limit (DESIGN §3's one exception to HTTP 200): refused before it is
      // read to the end, so the connection closes rather than take in the rest.
      reply.status(413).header('connection', 'close');
      return { code: ResponseCode.INVALID_PARAMETER, msg: errorMessage('invalidParameter', language), data: null };
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type: the caller's fault, not a session problem.
      return { code: ResponseCode.INVALID_PARAMETER, msg: errorMessage('invalidParameter', language), data: null };
    }
    request.log.error({ err: error }, 'request failed');
    reply.status(500);
    return { code: ResponseCode.SYSTEM_ERROR, msg: errorMessage('systemException', language), data: null };
  });

  app.setNotFoundHandler(async (request, reply): Promise<Envelope> => {
    reply.status(404);
    return { code: ResponseCode.NOT_FOUND, msg: errorMessage('interfaceNotFound', request.language), data: null };
  });
});
