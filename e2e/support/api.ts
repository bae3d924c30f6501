import { DEMO } from './accounts';

export interface ApiClient {
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: object,
  ): Promise<{ code: number; msg: string; data: T }>;
}

/**
 * The REST API as a script calls it (no browser): the tenant headers of `clientNo` and, once
 * logged in, the user's bearer token. A script holds no XSRF cookie, so it sends no XSRF header.
 */
export async function apiClient(
  baseUrl: string,
  user: { mobile: string; password: string } = DEMO,
  clientNo = 'demo',
): Promise<ApiClient> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const call: ApiClient['call'] = async (method, path, body) => {
    const reply = await fetch(`${baseUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
    return (await reply.json()) as never;
  };
  const client = await call<{ tenantId: number; clientId: number }>(
    'GET',
    `/api/merchant/client/get-client-secure-data?clientNo=${clientNo}`,
  );
  headers['tenant-id'] = String(client.data.tenantId);
  headers['client-id'] = String(client.data.clientId);
  const login = await call<{ accessToken: string }>('POST', '/api/merchant/auth/login', user);
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  headers.authorization = `Bearer ${login.data.accessToken}`;
  return { call };
}
