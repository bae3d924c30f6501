import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveSecretKey, signSdkRequest } from '@cloudphone/contracts/access-key';
import { SDK_MAX_SKEW_MS, SdkHeader } from '@cloudphone/contracts/sdk';
import { BOOT_MS, TASK_DURATION_MS } from '../src/phones/tasks';
import type { VirtualPhone } from '../src/drivers/virtual/virtual-phone';
import { fakeClock, startTestHost, type FakeClock, type TestHost } from './support';

let clock: FakeClock;
let test: TestHost;
beforeEach(async () => {
  clock = fakeClock(Date.now());
  test = await startTestHost(clock);
});
afterEach(async () => {
  await test.app.close();
});

function onlinePhone(): VirtualPhone {
  const phone = test.host.fleet.create();
  clock.advance(BOOT_MS);
  return phone;
}

interface SdkReply {
  code: number;
  msg: string;
  data: { taskId: string; status?: string; reason?: string } | null;
}

/** A signed SDK call; each option spoils one part of the signing. */
async function sdk(
  path: string,
  body: object,
  key: { accessKey: string; secretKey: string },
  spoil: { time?: number; signedPath?: string; sentBody?: object; secretKey?: string; language?: string } = {},
): Promise<SdkReply> {
  const raw = JSON.stringify(body);
  const time = String(spoil.time ?? clock.now());
  const signature = signSdkRequest(spoil.secretKey ?? key.secretKey, 'POST', spoil.signedPath ?? path, time, raw);
  const response = await fetch(test.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': spoil.language ?? 'en-US',
      [SdkHeader.accessKey]: key.accessKey,
      [SdkHeader.requestTime]: time,
      [SdkHeader.signature]: signature,
    },
    body: spoil.sentBody ? JSON.stringify(spoil.sentBody) : raw,
  });
  expect(response.status).toBe(200); // DESIGN §3: a handled reply is HTTP 200, the verdict is in `code`
  return (await response.json()) as SdkReply;
}

const REBOOT = '/sdk/instance/reboot';
const RESET = '/sdk/instance/reset';
const TASK_RESULT = '/sdk/instance/task-result';

/** Checks a refusal: a nonzero code with the catalogue text, and the phone left online and unchanged. */
async function expectRefused(reply: Promise<SdkReply>, phone: VirtualPhone, msg = 'Authorization failed') {
  const version = phone.version;
  const result = await reply;
  expect(result.code).not.toBe(0);
  expect(result.msg).toBe(msg);
  expect(result.data).toBeNull();
  expect(phone.version).toBe(version);
  expect(phone.status()).toBe('online');
}

describe('SDK power operations with a correct signature', () => {
  it.each([
    [REBOOT, 'reboot', 'restarting'],
    [RESET, 'reset', 'resetting'],
  ] as const)('%s gives a task that runs, then succeeds', async (path, kind, busy) => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo);
    const started = await sdk(path, { instanceNo: phone.instanceNo }, key);
    expect(started).toMatchObject({ code: 0, data: { taskId: expect.any(String) } });
    const taskId = started.data!.taskId;
    expect(phone.status()).toBe(busy);

    const running = await sdk(TASK_RESULT, { taskId }, key);
    expect(running).toMatchObject({ code: 0, data: { taskId, status: 'running' } });
    clock.advance(TASK_DURATION_MS[kind]);
    const done = await sdk(TASK_RESULT, { taskId }, key);
    expect(done).toMatchObject({ code: 0, data: { taskId, status: 'success' } });
    expect(phone.status()).toBe('online');
  });

  it('accepts a request time within five minutes either way', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo);
    const early = await sdk(REBOOT, { instanceNo: phone.instanceNo }, key, { time: clock.now() - 4 * 60_000 });
    expect(early.code).toBe(0);
    clock.advance(TASK_DURATION_MS.reboot);
    const late = await sdk(RESET, { instanceNo: phone.instanceNo }, key, { time: clock.now() + 4 * 60_000 });
    expect(late.code).toBe(0);
  });

  it('reports a refused operation as a failed task with its reason', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo);
    await sdk(REBOOT, { instanceNo: phone.instanceNo }, key);
    const second = await sdk(RESET, { instanceNo: phone.instanceNo }, key);
    const result = await sdk(TASK_RESULT, { taskId: second.data!.taskId }, key);
    expect(result.data).toMatchObject({ status: 'failed', reason: 'device is restarting' });
  });
});

describe('SDK refusals', () => {
  it('refuses a request time older than five minutes', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo);
    const time = clock.now() - SDK_MAX_SKEW_MS - 1;
    await expectRefused(sdk(REBOOT, { instanceNo: phone.instanceNo }, key, { time }), phone);
  });

  it('refuses a request time more than five minutes in the future', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo);
    const time = clock.now() + SDK_MAX_SKEW_MS + 1;
    await expectRefused(sdk(RESET, { instanceNo: phone.instanceNo }, key, { time }), phone);
  });

  it('refuses a body changed after signing', async () => {
    const phone = onlinePhone();
    const other = onlinePhone();
    const key = test.key(phone.instanceNo);
    const sentBody = { instanceNo: phone.instanceNo, extra: 1 };
    await expectRefused(sdk(REBOOT, { instanceNo: phone.instanceNo }, key, { sentBody }), phone);
    await expectRefused(
      sdk(REBOOT, { instanceNo: phone.instanceNo }, key, { sentBody: { instanceNo: other.instanceNo } }),
      other,
    );
  });

  it('refuses a signature made for another path', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo);
    await expectRefused(sdk(RESET, { instanceNo: phone.instanceNo }, key, { signedPath: REBOOT }), phone);
    await expectRefused(sdk(REBOOT, { instanceNo: phone.instanceNo }, key, { signedPath: '/instance/reboot' }), phone);
  });

  it('refuses a signature made with another secret', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo);
    const secrets = [
      test.key(phone.instanceNo, { userId: 2 }).secretKey,
      deriveSecretKey('another host key', key.accessKey),
    ];
    for (const secretKey of secrets) {
      await expectRefused(sdk(REBOOT, { instanceNo: phone.instanceNo }, key, { secretKey }), phone);
    }
  });

  it('refuses a key for another instance', async () => {
    const phone = onlinePhone();
    const other = onlinePhone();
    const key = test.key(phone.instanceNo);
    await expectRefused(sdk(REBOOT, { instanceNo: other.instanceNo }, key), other);
    await expectRefused(sdk(RESET, { instanceNo: other.instanceNo }, key), other);
  });

  it('refuses an expired key with the device-expired text', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo, { ttlMs: 1000 });
    clock.advance(1000);
    await expectRefused(sdk(REBOOT, { instanceNo: phone.instanceNo }, key), phone, 'Device expired');
  });

  it('refuses a view-only key asking to reboot or reset', async () => {
    const phone = onlinePhone();
    const view = test.key(phone.instanceNo, { permission: 'view' });
    await expectRefused(sdk(REBOOT, { instanceNo: phone.instanceNo }, view), phone);
    await expectRefused(sdk(RESET, { instanceNo: phone.instanceNo }, view), phone);
  });

  it("lets a view-only key read its own instance's task, not another's", async () => {
    const phone = onlinePhone();
    const other = onlinePhone();
    const task = await sdk(REBOOT, { instanceNo: phone.instanceNo }, test.key(phone.instanceNo));
    const taskId = task.data!.taskId;
    const view = test.key(phone.instanceNo, { permission: 'view' });
    expect(await sdk(TASK_RESULT, { taskId }, view)).toMatchObject({ code: 0, data: { taskId, status: 'running' } });
    const stranger = await sdk(TASK_RESULT, { taskId }, test.key(other.instanceNo, { permission: 'view' }));
    expect(stranger).toMatchObject({ code: 404, msg: 'Not found', data: null });
  });

  it('refuses a key issued before the host revoked access', async () => {
    const phone = onlinePhone();
    const key = test.key(phone.instanceNo, { userId: 5 });
    test.host.revoke(phone.instanceNo, 5);
    await expectRefused(sdk(REBOOT, { instanceNo: phone.instanceNo }, key), phone);
    const later = test.key(phone.instanceNo, { userId: 5, issuedAt: clock.now() });
    expect((await sdk(REBOOT, { instanceNo: phone.instanceNo }, later)).code).toBe(0);
  });

  it('answers in the caller language', async () => {
    const phone = onlinePhone();
    const view = test.key(phone.instanceNo, { permission: 'view' });
    const zh = sdk(REBOOT, { instanceNo: phone.instanceNo }, view, { language: 'zh-CN,zh;q=0.9' });
    await expectRefused(zh, phone, '无权访问');
  });

  it('refuses a request without its signing headers', async () => {
    const phone = onlinePhone();
    const response = await fetch(test.url + REBOOT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ instanceNo: phone.instanceNo }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 403, msg: 'Authorization failed', data: null });
    expect(phone.status()).toBe('online');
  });
});
