import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { PhoneGroup, UserPhone } from '@cloudphone/contracts/phones';
import * as phoneGroup from '@cloudphone/contracts/endpoints/device/phone-group';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import { call } from './api-client';
import { connectSession } from './request';

function serve(data: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  return sent;
}

beforeEach(() => {
  // A known client, not signed in, as the session store plugs it in.
  connectSession({
    current: () => ({ tenantId: 1, clientId: 1, token: null, refreshToken: null }),
    setTokens: () => undefined,
    clearLogin: () => undefined,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the typed API client', () => {
  it("sends the catalogue entry's method and path, with the query and the body it takes", async () => {
    const sent = serve(null);
    await call(phoneGroup.delete, { query: { groupId: 3 } });
    await call(userPhone.rename, { body: { userPhoneId: 5, name: 'Game' } });
    expect(sent.map(({ url, init }) => [init.method, url, init.body])).toEqual([
      ['DELETE', '/api/device/phone-group/delete?groupId=3', undefined],
      ['PUT', '/api/device/user/phone/rename', JSON.stringify({ userPhoneId: 5, name: 'Game' })],
    ]);
  });

  it('types the query, the body and the reply from the entry', () => {
    // Only compiled, never run: each expression stands for the call's type.
    expectTypeOf(() => call(userPhone.list, { query: { pageNo: 1 } })).returns.resolves.toEqualTypeOf<{
      list: UserPhone[];
      total: number;
    }>();
    expectTypeOf(() => call(phoneGroup.simpleList)).returns.resolves.toEqualTypeOf<PhoneGroup[]>();
    expectTypeOf(() => call(auth.logout)).returns.resolves.toEqualTypeOf<null>();
    // A required body, a misspelt field, a body the call does not take: each fails to compile.
    // @ts-expect-error the body is required
    void (() => call(userPhone.rename));
    // @ts-expect-error no such field
    void (() => call(userPhone.rename, { body: { userPhoneId: 5, nickname: 'Game' } }));
    // @ts-expect-error the call takes no body
    void (() => call(phoneGroup.simpleList, { body: {} }));
  });
});
