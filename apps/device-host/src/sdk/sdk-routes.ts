import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deriveSecretKey, sameSignature, signSdkRequest } from '@cloudphone/contracts/access-key';
import { errorMessage, ERRORS, type ErrorKey } from '@cloudphone/contracts/errors';
import { pickLanguage } from '@cloudphone/contracts/locale';
import { roleRefusal, SDK_CALL_ACTIONS, type PhoneAction } from '@cloudphone/contracts/phone-access';
import { instanceBody, SDK_MAX_SKEW_MS, SdkHeader, taskBody, type AccessClaims } from '@cloudphone/contracts/sdk';
import type { DeviceHost } from '../host';
import type { PhoneDriver } from '../drivers/phone-driver';
import { roleOf } from '../policy/access-control';
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
export async function sdkRoutes(app: FastifyInstance, { host }: { host: DeviceHost<PhoneDriver> }) {
  // The signature covers the body exactly as sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: SDK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const replays = new ReplayGuard(SDK_MAX_SKEW_MS);

  function authorise(
    request: FastifyRequest,
    action: PhoneAction,
  ): { claims: AccessClaims; body: unknown; accessKey: string } {
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
    // What the key's holder may do at all is the access table's (issue 20).
    const refused = roleRefusal(roleOf(claims), action);
    if (refused) throw new SdkRefusal(refused);
    // Counted only once genuine: a forged signature cannot use up someone else's request.
    if (!replays.firstUse(accessKey, signature, Number(requestTime), host.clock.now()))
      throw new SdkRefusal('forbidden');
    let body: unknown;
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      throw new SdkRefusal('invalidParameter');
    }
    return { claims, body, accessKey };
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

  /**
   * Restart and reset are decided by the control plane (issue 20): its policy, the client's function
   * switches, the power throttle and the phone's locks, as for the same REST call; it starts the task.
   */
  for (const [path, action] of [
    ['/instance/reboot', SDK_CALL_ACTIONS['/instance/reboot']],
    ['/instance/reset', SDK_CALL_ACTIONS['/instance/reset']],
  ] as const)
    app.post(path, async (request) => {
      const { claims, body, accessKey } = authorise(request, action);
      const instanceNo = instanceOf(claims, body);
      if (!host.controlPlane) throw new SdkRefusal('deviceNotConnected');
      const decision = await host.controlPlane.power({ accessKey, instanceNo, action });
      if ('refused' in decision) throw new SdkRefusal(decision.refused);
      return { code: 0, msg: '', data: { taskId: decision.taskId } };
    });

  app.post('/instance/task-result', async (request) => {
    const { claims, body } = authorise(request, SDK_CALL_ACTIONS['/instance/task-result']);
    const parsed = taskBody.safeParse(body);
    if (!parsed.success) throw new SdkRefusal('invalidParameter');
    const task = host.fleet.task(parsed.data.taskId);
    if (!task || host.store.task(parsed.data.taskId)?.instanceNo !== claims.i) throw new SdkRefusal('notFound');
    return { code: 0, msg: '', data: task };
  });
}
