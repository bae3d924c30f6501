import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@cloudphone/contracts/storage-keys';
import { reloadSession, session, setNavigator, useSession } from './session';

const navigations: string[] = [];
beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  for (const key of Object.values(StorageKey)) localStorage.setItem(key, JSON.stringify(`value of ${key}`));
  localStorage.setItem(StorageKey.clientNo, JSON.stringify('demo'));
  reloadSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const tokens = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresTime: 0, userId: 7 };
const user = { nickname: 'Ann', avatar: '', mobile: '13800000000', userNo: 'U7', registerTime: 1, hasPassword: true };

/** Answers every call with `data` and records what was asked. */
function serve(data: unknown, code = 0) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ code, msg: code ? 'nope' : '', data }));
    }),
  );
  return calls;
}

describe('session (spec §4)', () => {
  it('logout keeps only the client number, the language, the browser fingerprint and the guide seen, and goes to /login', () => {
    session.clearLogin();
    const left = Object.keys(localStorage).sort();
    expect(left).toEqual([StorageKey.clientNo, StorageKey.cuid, StorageKey.language, StorageKey.homeGuideSeen].sort());
    expect(localStorage.getItem(StorageKey.clientNo)).toBe(JSON.stringify('demo'));
    expect(navigations).toEqual(['/login/demo']);
    expect(useSession.getState()).toMatchObject({ token: null, refreshToken: null, userInfo: null });
  });

  it('tells the server on logout, then clears the same way even when the server refuses', async () => {
    const calls = serve(null, 401);
    await session.logout();
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/merchant/auth/logout']);
    expect(Object.keys(localStorage).sort()).toEqual(
      [StorageKey.clientNo, StorageKey.cuid, StorageKey.language, StorageKey.homeGuideSeen].sort(),
    );
    expect(navigations).toEqual(['/login/demo']);
  });

  it('login loads the user with the new token, then keeps tokens and user info', async () => {
    const calls = serve(user);
    await session.login(tokens);
    expect(calls[0]?.url).toBe('/api/merchant/user/get');
    expect((calls[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer access-2');
    expect(useSession.getState()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2', userInfo: user });
    expect(JSON.parse(localStorage.getItem(StorageKey.userInfo) ?? 'null')).toEqual(user);
  });

  it('entering another client number clears stored login data', () => {
    session.enterClient('tenant100');
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(localStorage.getItem(StorageKey.tenantId)).toBeNull();
    expect(localStorage.getItem(StorageKey.clientNo)).toBe(JSON.stringify('tenant100'));
    expect(useSession.getState()).toMatchObject({ clientNo: 'tenant100', token: null, tenantId: null });
  });

  it('entering the same client number keeps the login', () => {
    session.enterClient('demo');
    expect(localStorage.getItem(StorageKey.token)).not.toBeNull();
  });
});
