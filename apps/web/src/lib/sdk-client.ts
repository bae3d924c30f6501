import { errorMessage } from '@cloudphone/contracts/errors';
import { SDK_TIMEOUT_MS } from '@cloudphone/contracts/limits';
import { sdkCanonicalString, SdkHeader, type SecurityToken, type TaskResult } from '@cloudphone/contracts/sdk';
import { currentLanguage } from './i18n/index';

/** A refusal or failure of the phone SDK; `message` is the host's text, or "system exception" (spec §7). */
export class SdkError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'SdkError';
  }
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const encoder = new TextEncoder();

async function hmacHex(secret: string, value: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(value)));
}

/**
 * The cloud-phone SDK on the phone's host (spec §7, DESIGN §4): requests signed with the security
 * token's secret, a 5 s timeout, `{ code: 0, data }` or the host's message.
 */
export class PhoneSdk {
  constructor(private readonly token: Pick<SecurityToken, 'accessKey' | 'secretKey' | 'sdkUrl' | 'instanceNo'>) {}

  reboot(): Promise<{ taskId: string }> {
    return this.call('/instance/reboot', { instanceNo: this.token.instanceNo });
  }

  reset(): Promise<{ taskId: string }> {
    return this.call('/instance/reset', { instanceNo: this.token.instanceNo });
  }

  taskResult(taskId: string): Promise<TaskResult> {
    return this.call('/instance/task-result', { taskId });
  }

  private async call<T>(path: string, payload: object): Promise<T> {
    const url = new URL(`${this.token.sdkUrl}${path}`, window.location.href);
    const body = JSON.stringify(payload);
    const requestTime = String(Date.now());
    const bodyHash = hex(await crypto.subtle.digest('SHA-256', encoder.encode(body)));
    const signature = await hmacHex(
      this.token.secretKey,
      sdkCanonicalString('POST', url.pathname, requestTime, bodyHash),
    );
    const system = () => new SdkError(500, errorMessage('systemException', currentLanguage()));
    let reply: { code: number; msg?: string; data: T };
    try {
      const response = await fetch(url, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(SDK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'accept-language': currentLanguage(),
          [SdkHeader.accessKey]: this.token.accessKey,
          [SdkHeader.requestTime]: requestTime,
          [SdkHeader.signature]: signature,
        },
      });
      reply = (await response.json()) as typeof reply;
    } catch {
      throw system();
    }
    if (reply.code !== 0) throw reply.msg ? new SdkError(reply.code, reply.msg) : system();
    return reply.data;
  }
}
