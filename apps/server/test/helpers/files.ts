import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DeviceHost, BOOT_MS } from '@cloudphone/device-host';
import type { FileKind, PushRecord } from '@cloudphone/contracts/files';
import { FolderBlobStore } from '../../src/providers/blob-store/folder-blob-store';
import { randomKeys } from '../../src/security/keys';
import { AccountsClient, DEMO_USER, TestClock } from './accounts';
import { buildTestApp, type OpenDatabase } from './databases';
import { dataOf } from './requests';
import type { PhoneContext } from './phones';

export const FILES = '/api/files';

/**
 * The blob store of a test, whose reads (the host fetching a pushed file) wait while `hold` is set:
 * a push stays "pushing" for exactly as long as a test needs.
 */
export class HeldBlobStore extends FolderBlobStore {
  private gate: Promise<void> | null = null;
  private release: (() => void) | null = null;

  hold(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  letGo(): void {
    this.release?.();
    this.gate = null;
  }

  override async read(sha256: string): Promise<Readable> {
    await this.gate;
    return super.read(sha256);
  }
}

export interface FilesContext extends PhoneContext {
  blobs: HeldBlobStore;
}

/** An app with an embedded host (installs take 20 ms), its clock past the phones' boot, and the demo user signed in. */
export function useFilesApp(open: OpenDatabase): FilesContext {
  const t = {} as FilesContext;
  let folder = '';
  beforeEach(async () => {
    t.clock = new TestClock();
    const keys = randomKeys();
    t.host = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey, clock: t.clock, installMs: 20 });
    folder = mkdtempSync(join(tmpdir(), 'cloudphone-test-files-'));
    t.blobs = new HeldBlobStore(folder);
    t.app = await buildTestApp(await open(), { clock: t.clock, keys, deviceHost: t.host, blobs: t.blobs });
    t.clock.advance(BOOT_MS);
    t.api = await AccountsClient.of(t.app);
    const tenantId = Number(t.api.headers['tenant-id']);
    const me = await t.app.repos.users.findByMobile(tenantId, DEMO_USER.mobile);
    t.me = { tenantId, userId: me!.id, token: (await t.api.loginOk()).accessToken };
    t.call = (method, url, { token = t.me.token, payload, headers } = {}) =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { ...t.api.headers, authorization: `Bearer ${token}`, ...headers },
      });
  });
  afterEach(async () => {
    t.blobs.letGo();
    await t.host.pushes.idle();
    await t.app.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return t;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The tus `Upload-Metadata` header: comma-separated `key base64(value)` pairs. */
export function uploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export interface UploadSpec {
  name: string;
  kind: FileKind;
  bytes: Buffer;
  batchId?: string;
  /** What the upload claims its SHA-256 is (the real one unless a test lies). */
  sha256?: string;
  /** What the upload claims its length is. */
  length?: number;
}

/** Creates a tus upload the way tus-js-client does; the reply is the creation's. */
export function createUpload(t: PhoneContext, spec: UploadSpec): Promise<LightMyRequestResponse> {
  return t.call('POST', `${FILES}/upload`, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(spec.length ?? spec.bytes.length),
      'upload-metadata': uploadMetadata({
        filename: spec.name,
        kind: spec.kind,
        batchId: spec.batchId ?? randomUUID(),
        sha256: spec.sha256 ?? sha256(spec.bytes),
      }),
    },
  });
}

/** Sends bytes of an upload from `offset`. */
export function patchUpload(
  t: PhoneContext,
  location: string,
  offset: number,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    payload: bytes,
    headers: {
      ...t.api.headers,
      authorization: `Bearer ${t.me.token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
  });
}

/** Uploads a whole file in one chunk; the reply is the last chunk's (the library entry, or a refusal). */
export async function upload(t: PhoneContext, spec: UploadSpec): Promise<LightMyRequestResponse> {
  const created = await createUpload(t, spec);
  if (created.statusCode !== 201) return created;
  return patchUpload(t, created.headers.location as string, 0, spec.bytes);
}

/** The refusal a tus reply carries: its catalogue code. */
export function refusalCode(reply: LightMyRequestResponse): number {
  return (JSON.parse(reply.body) as { code: number }).code;
}

/** Every pair of a batch, once none is under way any more. */
export async function settledPush(t: PhoneContext, batchId: string): Promise<PushRecord[]> {
  for (let tries = 0; tries < 200; tries++) {
    const { list } = dataOf<{ list: PushRecord[] }>(await t.call('GET', `${FILES}/push/page?batchId=${batchId}`));
    if (list.every((r) => !['waiting_push', 'pushing', 'installing'].includes(r.state))) return list;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`push ${batchId} did not settle`);
}
