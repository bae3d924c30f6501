import { createHash, randomUUID } from 'node:crypto';
import { DEMO } from './accounts';

export interface ApiClient {
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: object,
  ): Promise<{ code: number; msg: string; data: T }>;
  /** Uploads a file to the library on the tus protocol, as the browser does (one chunk); its library id. */
  upload(bytes: Buffer, name: string, kind: 'app' | 'file'): Promise<number>;
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
  const upload: ApiClient['upload'] = async (bytes, name, kind) => {
    const meta = (value: string) => Buffer.from(value).toString('base64');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const tus = { ...headers, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${baseUrl}/api/files/upload`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${meta(name)},kind ${meta(kind)},batchId ${meta(randomUUID())},sha256 ${meta(sha256)}`,
      },
    });
    const finished = await fetch(`${baseUrl}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    return ((await finished.json()) as { data: { fileId: number } }).data.fileId;
  };
  return { call, upload };
}
