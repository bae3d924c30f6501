import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { fakeClock, startTestHost, type TestHost } from './support';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';

const apk = readFileSync(GOLD_MINER_APK);
const clock = fakeClock();
let test: TestHost;

beforeEach(async () => {
  test = await startTestHost(clock);
});
afterEach(async () => {
  await test.app.close();
});

/** A host-API call signed with the host key, as the control plane makes it. */
async function hostApi(
  method: string,
  path: string,
  body: string | Buffer = '',
  type = 'application/json',
  key = test.host.options.hostKey,
) {
  const time = String(clock.now());
  const reply = await fetch(`${test.url}${path}`, {
    method,
    body: body.length ? body : undefined,
    headers: {
      ...(body.length ? { 'content-type': type } : {}),
      'x-host-time': time,
      'x-host-signature': signSdkRequest(key, method, path, time, body),
    },
  });
  return (await reply.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

describe('the host API (signed with the host key)', () => {
  it('creates an instance, and refuses a call signed with another key', async () => {
    const created = await hostApi('POST', '/host-api/instances', '{}');
    expect(created).toMatchObject({ code: 0, data: { status: 'booting' } });
    expect(await hostApi('GET', '/host-api/instances', '', '', 'f'.repeat(64))).toMatchObject({ code: 403 });
  });

  it('installs an APK: its app appears on the launcher with its own icon and opens from there', async () => {
    const phone = test.host.fleet.create();
    clock.advance(3_001);
    const reply = await hostApi(
      'POST',
      `/host-api/instances/${phone.instanceNo}/apks`,
      apk,
      'application/vnd.android.package-archive',
    );
    expect(reply).toMatchObject({
      code: 0,
      data: { packageName: 'com.example.miner', label: 'Gold Miner', versionName: '2.3.1' },
    });
    expect(phone.state.apps).toEqual([
      expect.objectContaining({ packageName: 'com.example.miner', icon: expect.stringMatching(/^data:image\/png/) }),
    ]);
    phone.render(360); // the launcher's fifth icon: first column, second row
    phone.tap(0.125, (24 + 170 + 100 + 28) / 640);
    expect(phone.state.screenStack.at(-1)).toBe('app:com.example.miner');
  });

  it('refuses a file that is not an APK with "Package parse error"', async () => {
    const phone = test.host.fleet.create();
    clock.advance(3_001);
    const reply = await hostApi(
      'POST',
      `/host-api/instances/${phone.instanceNo}/apks`,
      Buffer.from('not a package'),
      'application/vnd.android.package-archive',
    );
    expect(reply).toMatchObject({ code: 1707, msg: 'Package parse error, please reselect upload file' });
    expect(phone.state.apps).toEqual([]);
  });
});
