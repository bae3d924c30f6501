import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@cloudphone/contracts/storage-keys';
import { request, RequestError } from '../lib/request';
import { useNotifications } from './notifications';
import { reloadSession, session, setNavigator } from './session';

// The request layer (lib/request) as the app runs it: the session and notifications stores plugged in.

type Reply = { status?: number; body: unknown; delayMs?: number };

/** A stand-in for the network: answers each URL from a script and records what was sent. */
function serve(handler: (url: string, init: RequestInit) => Reply) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const reply = handler(url, init);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

const ok = (data: unknown): Reply => ({ body: { code: 0, msg: '', data } });
const navigations: string[] = [];

beforeEach(() => {
  localStorage.setItem(StorageKey.clientNo, JSON.stringify('demo'));
  localStorage.setItem(StorageKey.tenantId, JSON.stringify(1));
  localStorage.setItem(StorageKey.clientId, JSON.stringify(1));
  reloadSession();
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  useNotifications.setState({ items: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request layer (spec §7, DESIGN §3)', () => {
  it('copies the XSRF cookie into the header of a call that changes state, and only there', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const calls = serve(() => ok(null));
    await request('/api/read');
    await request('/api/write', { method: 'POST', body: {} });
    const sent = calls.map((c) => (c.init.headers as Record<string, string>)['X-XSRF-TOKEN']);
    expect(sent).toEqual([undefined, 'abc123']);
  });

  it('sends the tenant, client, language, version, fingerprint and token headers', async () => {
    session.setTokens('access-1', 'refresh-1');
    const calls = serve(() => ok({ fine: true }));
    await expect(request('/api/thing', { query: { a: 1, b: undefined } })).resolves.toEqual({ fine: true });
    const sent = calls[0]!;
    expect(sent.url).toBe('/api/thing?a=1');
    const headers = sent.init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'tenant-id': '1',
      'client-id': '1',
      'Accept-Language': 'en-US',
      Authorization: 'Bearer access-1',
    });
    expect(headers['device-id']).toMatch(/^c/);
    expect(headers['app-version']).toBeTruthy();
  });

  it('refuses an identical write already in flight with code -1, but lets allowed writes and every read through', async () => {
    let sent = 0;
    serve(() => ({ ...ok(++sent), delayMs: 30 }));
    const first = request('/api/slow', { method: 'POST', body: { a: 1 } });
    await expect(request('/api/slow', { method: 'POST', body: { a: 1 } })).rejects.toMatchObject({
      code: -1,
      message: 'Request in progress, please do not resubmit',
    });
    await expect(first).resolves.toBe(1);
    const allowed = { method: 'POST', allowDuplicate: true } as const;
    await expect(Promise.all([request('/api/slow', allowed), request('/api/slow', allowed)])).resolves.toEqual([2, 3]);
    // A list's own refetch beside the user's: both go, and nothing is shown.
    await expect(Promise.all([request('/api/slow'), request('/api/slow')])).resolves.toEqual([4, 5]);
    expect(useNotifications.getState().items.filter((n) => n.message.startsWith('Request in progress'))).toHaveLength(
      1,
    );
  });

  it('shows a nonzero code in a danger notification with the server message', async () => {
    serve(() => ({ body: { code: 1101, msg: 'Client number does not exist', data: null } }));
    await expect(request('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(useNotifications.getState().items).toEqual([
      expect.objectContaining({ type: 'danger', message: 'Client number does not exist', toCustomerService: false }),
    ]);
  });

  it('offers the way to customer service with a refusal whose text sends the user there', async () => {
    serve(() => ({ body: { code: 1516, msg: 'Coupon not available, contact customer service', data: null } }));
    await expect(request('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(useNotifications.getState().items).toEqual([expect.objectContaining({ toCustomerService: true })]);
  });

  it('says "System Exception" when a failure carries no message', async () => {
    serve(() => ({ body: { code: 1009, msg: '', data: null } }));
    await expect(request('/api/x', { silent: true })).rejects.toMatchObject({ message: 'System Exception' });
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('names transport failures: not found, gateway, authorization, network', async () => {
    serve((url) => ({ status: Number(url.split('/').pop()), body: 'nope' }));
    await expect(request('/api/404', { silent: true })).rejects.toMatchObject({ message: 'Interface not found' });
    await expect(request('/api/502', { silent: true })).rejects.toMatchObject({
      message: 'Gateway error, please try again later',
    });
    await expect(request('/api/403', { silent: true })).rejects.toMatchObject({ message: 'Authorization failed' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(request('/api/x', { silent: true })).rejects.toMatchObject({
      message: 'Network error, please check your connection',
    });
  });

  it('times out after 5 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    const pending = request('/api/hang', { silent: true });
    const assertion = expect(pending).rejects.toMatchObject({ message: 'Request timed out, please try again' });
    await vi.advanceTimersByTimeAsync(5_000);
    await assertion;
    vi.useRealTimers();
  });

  it('refreshes exactly once for five requests that meet an expired token, then all succeed', async () => {
    session.setTokens('expired', 'refresh-1');
    const calls = serve((url, init) => {
      if (url.startsWith('/api/merchant/auth/refresh-token')) {
        return { ...ok({ accessToken: 'fresh', refreshToken: 'refresh-2' }), delayMs: 20 };
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer fresh' ? ok(url) : { body: { code: 401, msg: 'expired', data: null } };
    });
    const urls = [1, 2, 3, 4, 5].map((n) => `/api/item/${n}`);
    await expect(Promise.all(urls.map((u) => request(u)))).resolves.toEqual(urls);
    expect(calls.filter((c) => c.url.includes('refresh-token'))).toHaveLength(1);
    expect(localStorage.getItem(StorageKey.refreshToken)).toBe(JSON.stringify('refresh-2'));
  });

  it('does not refresh again for a request whose expired answer arrives after the refresh has ended', async () => {
    session.setTokens('expired', 'refresh-1');
    const calls = serve((url, init) => {
      if (url.startsWith('/api/merchant/auth/refresh-token'))
        return ok({ accessToken: 'fresh', refreshToken: 'refresh-2' });
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer fresh') return ok(url);
      // The slow one was sent with the old token and is answered only after the refresh is over.
      return { body: { code: 401, msg: 'expired', data: null }, delayMs: url.endsWith('slow') ? 50 : 0 };
    });
    await expect(Promise.all([request('/api/item/slow'), request('/api/item/quick')])).resolves.toEqual([
      '/api/item/slow',
      '/api/item/quick',
    ]);
    expect(calls.filter((c) => c.url.includes('refresh-token'))).toHaveLength(1);
  });

  it('logs out when the refresh call itself answers 401, keeping only the clientNo', async () => {
    session.setTokens('expired', 'refresh-1');
    serve((url) =>
      url.includes('refresh-token')
        ? { body: { code: 401, msg: '', data: null } }
        : { body: { code: 401, msg: '', data: null } },
    );
    await expect(request('/api/me')).rejects.toMatchObject({ code: 401 });
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(localStorage.getItem(StorageKey.refreshToken)).toBeNull();
    expect(localStorage.getItem(StorageKey.clientNo)).toBe(JSON.stringify('demo'));
    expect(navigations).toEqual(['/login/demo']);
  });

  it('lets the logout call fail quietly on an ended session: no refresh, no second logout', async () => {
    session.setTokens('revoked', 'refresh');
    const calls = serve(() => ({ body: { code: 400, msg: 'Account information expired', data: null } }));
    await expect(request('/api/out', { method: 'POST', silent: true, signingOut: true })).rejects.toMatchObject({
      code: 400,
    });
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(StorageKey.token)).toBe(JSON.stringify('revoked'));
    expect(navigations).toEqual([]);
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('logs out on code 400', async () => {
    session.setTokens('access', 'refresh');
    serve(() => ({ body: { code: 400, msg: 'Account information expired, please login again.', data: null } }));
    await expect(request('/api/me')).rejects.toMatchObject({ code: 400 });
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(navigations).toEqual(['/login/demo']);
  });
});
