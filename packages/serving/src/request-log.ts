import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Paths whose query strings carry credentials: a stream's `?accessKey=` (DESIGN §4) and the SDK's. */
const KEYED_PATH = /^\/(?:stream|sdk)(?=[/?]|$)/;

/** A URL as a log may show it: the query string of a stream or SDK URL is cut, since it holds an access key. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  return query >= 0 && KEYED_PATH.test(url) ? `${url.slice(0, query)}?[redacted]` : url;
}

/**
 * Fastify's request log lines, with routine requests (`routine(url)`, e.g. the web app's files) at
 * debug level instead of info, and a not-found line that shows a loggable URL.
 */
class RequestLogController extends LogController {
  constructor(private readonly routine: (url: string) => boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.routine(request.url)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (!error && this.routine(request.url)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else super.requestCompleted(error, request, reply, metadata);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${loggableUrl(request.url)} not found`);
  }
}

export interface RequestLogOptions {
  /** `LOG_LEVEL`; `silent` or absent logs nothing. */
  level: string | undefined;
  /** Requests logged at debug level rather than info. */
  routine?: (url: string) => boolean;
  /** Where lines go (stdout by default); tests capture them. */
  stream?: { write(line: string): void };
}

/** The logger options of every port that serves host URLs (`createPort`): the standalone host's and the server's. */
export function requestLogging({
  level,
  routine = () => false,
  stream,
}: RequestLogOptions): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!level) return { logger: false };
  return {
    logger: {
      level,
      ...(stream ? { stream } : {}),
      serializers: {
        req: (request) => ({
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    logController: new RequestLogController(routine),
  };
}
