import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex, signRequestWithBodyHash, signSdkRequest } from '@cloudphone/contracts/access-key';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import { HostApiHeader } from '@cloudphone/contracts/host-api';
import { APK_CONTENT_TYPE } from '../src/host-api/host-api-signature';
import { BOOT_MS } from '../src/phones/tasks';
import { fakeClock, startTestHost, TestViewer, type FakeClock, type TestHost } from './support';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';

const apk = readFileSync(GOLD_MINER_APK);
let clock: FakeClock;
let test: TestHost;
beforeEach(async () => {
  clock = fakeClock(Date.now());
  test = await startTestHost(clock);
});
afterEach(async () => {
  await test.app.close();
});

type Reply = { code: number; msg: string; data: unknown };

/** Starts a 200 MB upload and sends only its first 64 KB: a reply can only come from the headers. */
function hugeUpload(path: string, headers: Record<string, string>): Promise<{ status: number; reply: Reply }> {
  return new Promise((resolve, reject) => {
    const upload = request(`${test.url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': APK_CONTENT_TYPE, 'content-length': String(200 * 1024 * 1024) },
    });
    upload.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        upload.destroy();
        resolve({ status: response.statusCode ?? 0, reply: JSON.parse(text) as Reply });
      });
    });
    upload.on('error', reject);
    upload.write(Buffer.alloc(64 * 1024));
  });
}

/** A host-API call signed over the body's hash, sent with that hash; `sent` replaces the body after signing. */
async function signedCall(method: string, path: string, body: string | Buffer, type: string, sent = body) {
  const time = String(clock.now());
  const bodySha256 = sha256Hex(body);
  const response = await fetch(`${test.url}${path}`, {
    method,
    body: sent,
    headers: {
      'content-type': type,
      [HostApiHeader.time]: time,
      [HostApiHeader.bodySha256]: bodySha256,
      [HostApiHeader.signature]: signRequestWithBodyHash(test.host.options.hostKey, method, path, time, bodySha256),
    },
  });
  return (await response.json()) as Reply;
}

describe('the host API door', () => {
  it('refuses an unsigned or forged upload from its headers, before reading the body', async () => {
    const phone = test.host.fleet.create();
    const path = `/host-api/instances/${phone.instanceNo}/apks`;
    const unsigned = await hugeUpload(path, {});
    expect(unsigned.reply).toMatchObject({ code: 403 });
    const forged = await hugeUpload(path, {
      [HostApiHeader.time]: String(clock.now()),
      [HostApiHeader.bodySha256]: 'a'.repeat(64),
      [HostApiHeader.signature]: 'b'.repeat(64),
    });
    expect(forged.reply).toMatchObject({ code: 403 });
    expect(phone.state.apps).toEqual([]);
  });

  it('installs a package signed over its hash, and refuses one whose bytes differ from the hash', async () => {
    const phone = test.host.fleet.create();
    clock.advance(BOOT_MS);
    const path = `/host-api/instances/${phone.instanceNo}/apks`;
    const tampered = Buffer.from(apk);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 0xff, tampered.length - 1);
    expect(await signedCall('POST', path, apk, APK_CONTENT_TYPE, tampered)).toMatchObject({ code: 403 });
    expect(phone.state.apps).toEqual([]);
    expect(await signedCall('POST', path, apk, APK_CONTENT_TYPE)).toMatchObject({
      code: 0,
      data: { packageName: 'com.example.miner' },
    });
  });

  it('refuses a signed JSON body over its 64 KB limit as an invalid parameter', async () => {
    const body = JSON.stringify({ display: { width: 720, height: 1280, dpi: 320 }, pad: 'x'.repeat(100_000) });
    expect(await signedCall('POST', '/host-api/instances', body, 'application/json')).toMatchObject({ code: 1001 });
    expect(test.host.fleet.list()).toEqual([]);
  });
});

describe('the SDK door', () => {
  const sdkCall = async (key: { accessKey: string; secretKey: string }, body: string, time = clock.now()) => {
    const path = '/sdk/instance/reboot';
    const response = await fetch(`${test.url}${path}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [SdkHeader.accessKey]: key.accessKey,
        [SdkHeader.requestTime]: String(time),
        [SdkHeader.signature]: signSdkRequest(key.secretKey, 'POST', path, String(time), body),
      },
    });
    return { status: response.status, reply: (await response.json()) as Reply };
  };

  it('refuses a body over its limit cleanly, not as a system exception', async () => {
    const phone = test.host.fleet.create();
    clock.advance(BOOT_MS);
    const body = JSON.stringify({ instanceNo: phone.instanceNo, pad: 'x'.repeat(2 * 1024 * 1024) });
    expect(await sdkCall(test.key(phone.instanceNo), body)).toEqual({
      status: 200,
      reply: { code: 1001, msg: 'Invalid parameter', data: null },
    });
  });

  it('refuses the same signed request a second time: a captured request cannot be replayed', async () => {
    const phone = test.host.fleet.create();
    clock.advance(BOOT_MS);
    const key = test.key(phone.instanceNo);
    const body = JSON.stringify({ instanceNo: phone.instanceNo });
    const first = await sdkCall(key, body);
    expect(first.reply).toMatchObject({ code: 0 });
    expect((await sdkCall(key, body, clock.now())).reply).toMatchObject({ code: 403 });
    // A new request (a new request time, so a new signature) goes through.
    clock.advance(20_000);
    expect((await sdkCall(key, body)).reply).toMatchObject({ code: 0 });
  });
});

describe("the owner's clipboard", () => {
  it('reaches a viewer who may control the phone, never a view-only one', async () => {
    const phone = test.host.fleet.create();
    clock.advance(BOOT_MS);
    const url = (permission: 'view' | 'control') =>
      `${test.url.replace('http', 'ws')}/stream/${phone.instanceNo}?codec=jpeg&accessKey=${
        test.key(phone.instanceNo, { permission, userId: permission === 'view' ? 2 : 1 }).accessKey
      }`;
    const owner = new TestViewer(url('control'));
    const guest = new TestViewer(url('view'));
    await Promise.all([owner.opened(), guest.opened()]);
    await owner.until(() => owner.frames.length > 0);
    await guest.until(() => guest.frames.length > 0);

    phone.setClipboard('bank code 4471');
    guest.send({ type: 'clipboard-get' });
    // Messages arrive in order: once the pong is in, anything sent before it would be too.
    guest.send({ type: 'ping', t: 1 });
    await guest.until(() => guest.messages.some((m) => m.type === 'pong'));
    expect(guest.messages.filter((m) => m.type === 'clipboard')).toEqual([]);
    await owner.until(() => owner.messages.some((m) => m.type === 'clipboard'));
    expect(owner.messages.find((m) => m.type === 'clipboard')).toEqual({ type: 'clipboard', text: 'bank code 4471' });
    owner.close();
    guest.close();
  });
});
