import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { PhoneSdk, SdkError } from './sdk-client';

const token = {
  accessKey: 'access.key',
  secretKey: 'a'.repeat(64),
  sdkUrl: 'http://localhost:8080/sdk',
  instanceNo: 'cp-1',
};

afterEach(() => vi.unstubAllGlobals());

function stubFetch(reply: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      calls.push({ url: url.toString(), init });
      return new Response(JSON.stringify(reply));
    }),
  );
  return calls;
}

describe('the phone SDK client (DESIGN §4)', () => {
  it('signs a reboot exactly as the host verifies it', async () => {
    const calls = stubFetch({ code: 0, data: { taskId: 't1' } });
    await expect(new PhoneSdk(token).reboot()).resolves.toEqual({ taskId: 't1' });
    const { url, init } = calls[0]!;
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('http://localhost:8080/sdk/instance/reboot');
    expect(init.body).toBe('{"instanceNo":"cp-1"}');
    expect(headers['x-access-key']).toBe('access.key');
    const expected = signSdkRequest(
      token.secretKey,
      'POST',
      '/sdk/instance/reboot',
      headers['x-request-time']!,
      init.body as string,
    );
    expect(headers['x-signature']).toBe(expected);
  });

  it("shows the host's message for a refusal, and 'System Exception' when there is none", async () => {
    stubFetch({ code: 403, msg: 'Authorization failed', data: null });
    await expect(new PhoneSdk(token).reset()).rejects.toEqual(new SdkError(403, 'Authorization failed'));
    stubFetch({ code: 500, data: null });
    await expect(new PhoneSdk(token).taskResult('t1')).rejects.toMatchObject({ message: 'System Exception' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('timeout'))),
    );
    await expect(new PhoneSdk(token).reboot()).rejects.toMatchObject({ message: 'System Exception' });
  });
});
