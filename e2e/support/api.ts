import { createHash, randomUUID } from 'node:crypto';
import type { BodyOf, Endpoint, QueryOf, ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import * as client from '@cloudphone/contracts/endpoints/merchant/client';
import * as order from '@cloudphone/contracts/endpoints/trade/order';
import * as pay from '@cloudphone/contracts/endpoints/trade/pay';
import * as product from '@cloudphone/contracts/endpoints/trade/product';
import { UPLOAD_PATH } from '@cloudphone/contracts/files';
import { DEMO } from './accounts';
import { urlOf } from './catalogue-url';

export { urlOf };

/** A reply as the API sends it: a refusal is a code and its text, not an exception. */
export interface Reply<T> {
  code: number;
  msg: string;
  data: T;
}

/** What a call sends: its query and body, typed by the catalogue entry. */
export interface Parts<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

export interface ApiClient {
  /** Calls one entry of the endpoint catalogue (issue 23): its method and path come from the entry, the reply is typed. */
  call<E extends Endpoint>(endpoint: E, parts?: Parts<E>): Promise<Reply<ReplyOf<E>>>;
  /** Uploads a file to the library on the tus protocol, as the browser does (one chunk); its library id. */
  upload(bytes: Buffer, name: string, kind: 'app' | 'file'): Promise<number>;
}

/** Calls catalogue entries on a server with these headers: method and path from the entry, the reply typed. */
export function catalogueCall(baseUrl: string, headers: Record<string, string>) {
  return async <E extends Endpoint>(endpoint: E, parts: Parts<E> = {}): Promise<Reply<ReplyOf<E>>> => {
    const json: Record<string, string> = parts.body === undefined ? {} : { 'content-type': 'application/json' };
    const reply = await fetch(urlOf(baseUrl, endpoint, parts.query), {
      method: endpoint.method,
      headers: { ...headers, ...json },
      body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
    });
    return (await reply.json()) as Reply<ReplyOf<E>>;
  };
}

/** A user's headers on a server, as a script holds them: the tenant of `clientNo` and a fresh access token. */
export async function signIn(
  baseUrl: string,
  user: { mobile: string; password: string } = DEMO,
  clientNo = 'demo',
): Promise<Record<string, string>> {
  const secure = await catalogueCall(baseUrl, {})(client.getClientSecureData, { query: { clientNo } });
  const tenant = { 'tenant-id': String(secure.data.tenantId), 'client-id': String(secure.data.clientId) };
  const login = await catalogueCall(baseUrl, tenant)(auth.login, { body: user as BodyOf<typeof auth.login> });
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  return { ...tenant, authorization: `Bearer ${login.data.accessToken}` };
}

/**
 * The REST API as a script calls it (no browser), through the endpoint catalogue, signed in as `user`.
 * A script holds no XSRF cookie, so it sends no XSRF header.
 */
export async function apiClient(
  baseUrl: string,
  user: { mobile: string; password: string } = DEMO,
  clientNo = 'demo',
): Promise<ApiClient> {
  const headers = await signIn(baseUrl, user, clientNo);
  const call: ApiClient['call'] = catalogueCall(baseUrl, headers);
  const upload: ApiClient['upload'] = async (bytes, name, kind) => {
    const meta = (value: string) => Buffer.from(value).toString('base64');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const tus = { ...headers, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${baseUrl}${UPLOAD_PATH}`, {
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

/**
 * Buys one Standard phone with simulated pay as its user (the first package that is not a trial and
 * lasts `minDays` or more): the paid order's number and its phones.
 */
export async function buyStandardPhone(
  call: ApiClient['call'],
  minDays = 0,
): Promise<{ orderNo: string; userPhoneIds: number[] }> {
  const products = await call(product.list, { query: { usage: 'buy' } });
  const standard = products.data.find((p) => p.code === 'standard')!;
  const pkg = standard.packages.find((p) => !p.trial && p.durationDays >= minDays)!;
  const created = await call(order.create, {
    body: { skuType: 'buy', gradeId: standard.gradeId, packageId: pkg.packageId, deviceCount: 1, couponId: null },
  });
  const { orderNo } = created.data;
  const submitted = await call(pay.submit, { body: { orderNo, payType: 'simulated' } });
  const paid = await call(pay.simulate, {
    body: { orderNo, simulateToken: submitted.data.simulateToken!, outcome: 'success' },
  });
  return { orderNo, userPhoneIds: paid.data.userPhoneIds };
}
