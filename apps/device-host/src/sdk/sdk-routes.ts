import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deriveSecretKey, sameSignature, signSdkRequest } from '@cloudphone/contracts/access-key';
import { errorMessage, ERRORS, type ErrorKey } from '@cloudphone/contracts/errors';
import { pickLanguage } from '@cloudphone/contracts/locale';
import { instanceBody, SDK_MAX_SKEW_MS, SdkHeader, taskBody, type AccessClaims } from '@cloudphone/contracts/sdk';
import type { DeviceHost } from '../host';
import { ReplayGuard } from './replay-guard';

/** SDK bodies are a few ids: anything larger is refused before it is read. */
const SDK_BODY_LIMIT = 16 * 1024;

class SdkRefusal extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
  }
}

/**
 * The signed SDK API (DESIGN §4): `x-access-key`, `x-request-time` and `x-signature` =
 * HMAC-SHA256(secretKey, method \n path \n time \n sha256(body)). Stale or forged requests,
 * another instance's key and a view-only key asking to act are refused.
 */
export async function sdkRoutes(app: FastifyInstance, { host }: { host: DeviceHost }) {
  // The signature covers the body exactly as sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: SDK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const replays = new ReplayGuard(SDK_MAX_SKEW_MS);

  function authorise(request: FastifyRequest, action: 'control' | 'read'): { claims: AccessClaims; body: unknown } {
    const header = (name: string) => String(request.headers[name] ?? '');
    const accessKey = header(SdkHeader.accessKey);
    const requestTime = header(SdkHeader.requestTime);
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!accessKey || !/^\d+$/.test(requestTime)) throw new SdkRefusal('forbidden');
    if (Math.abs(host.clock.now() - Number(requestTime)) > SDK_MAX_SKEW_MS) throw new SdkRefusal('forbidden');
    const path = request.url.split('?')[0] ?? '';
    const expected = signSdkRequest(
      deriveSecretKey(host.options.hostKey, accessKey),
      request.method,
      path,
      requestTime,
      raw,
    );
    const signature = header(SdkHeader.signature);
    if (!sameSignature(expected, signature)) throw new SdkRefusal('forbidden');
    const claims = host.access.check(accessKey);
    if (claims === 'expired') throw new SdkRefusal('deviceExpired');
    if (typeof claims === 'string') throw new SdkRefusal('forbidden');
    if (action === 'control' && claims.p !== 'control') throw new SdkRefusal('forbidden');
    // Counted only once genuine: a forged signature cannot use up someone else's request.
    if (!replays.firstUse(accessKey, signature, Number(requestTime), host.clock.now()))
      throw new SdkRefusal('forbidden');
    let body: unknown;
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      throw new SdkRefusal('invalidParameter');
    }
    return { claims, body };
  }

  function instanceOf(claims: AccessClaims, body: unknown): string {
    const parsed = instanceBody.safeParse(body);
    if (!parsed.success) throw new SdkRefusal('invalidParameter');
    if (parsed.data.instanceNo !== claims.i) throw new SdkRefusal('forbidden');
    return parsed.data.instanceNo;
  }

  app.setErrorHandler(async (error, request, reply) => {
    const language = pickLanguage(request.headers['accept-language']);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // A body too large, malformed or of another type is the caller's fault: a refusal, not a fault.
    const refused = status >= 400 && status < 500 ? 'invalidParameter' : undefined;
    const key: ErrorKey = error instanceof SdkRefusal ? error.key : (refused ?? 'systemException');
    if (key === 'systemException') request.log.error({ err: error }, 'sdk request failed');
    else reply.status(200);
    return { code: ERRORS[key].code, msg: errorMessage(key, language), data: null };
  });

  app.post('/instance/reboot', async (request) => {
    const { claims, body } = authorise(request, 'control');
    return { code: 0, msg: '', data: { taskId: host.fleet.reboot(instanceOf(claims, body)).id } };
  });

  app.post('/instance/reset', async (request) => {
    const { claims, body } = authorise(request, 'control');
    return { code: 0, msg: '', data: { taskId: host.fleet.reset(instanceOf(claims, body)).id } };
  });

  app.post('/instance/task-result', async (request) => {
    const { claims, body } = authorise(request, 'read');
    const parsed = taskBody.safeParse(body);
    if (!parsed.success) throw new SdkRefusal('invalidParameter');
    const task = host.fleet.task(parsed.data.taskId);
    if (!task || host.store.task(parsed.data.taskId)?.instanceNo !== claims.i) throw new SdkRefusal('notFound');
    return { code: 0, msg: '', data: task };
  });
}
