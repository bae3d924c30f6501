import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PackageParseError } from '@cloudphone/apk';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { signAccessKey, signSdkRequest } from '@cloudphone/contracts/access-key';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { HostTaskEvent } from '@cloudphone/contracts/host-api';
import { DEFINITIONS, FrameKind, PHONE_SOUND } from '@cloudphone/contracts/stream';
import {
  CapabilityMissing,
  PHONE_CAPABILITIES,
  PhoneNotFound,
  type DrivenPhone,
  type PhoneCapability,
  type PhoneChange,
  type PhoneDriver,
  type PhoneDriverFactory,
} from '../src/drivers/phone-driver';
import { AndroidDriver } from '../src/drivers/android/android-driver';
import type { AndroidPhone } from '../src/drivers/android/android-phone';
import { DeviceHost } from '../src/host';
import { codecStringOf, readSequenceParameters } from '../src/stream/h264-sps';
import { startScrcpyDouble, type ScrcpyDouble } from '../testing/scrcpy-double/scrcpy-double';
import { BOOT_MS } from '../src/phones/tasks';
import { deviceHostPlugin } from '../src/plugin';
import { CANNED_DELTA_UNIT, CANNED_KEY_UNIT, CANNED_OPUS_PACKET, MinimalDriver } from './fixtures/minimal-driver';
import { fakeClock, TestViewer } from './support';

/**
 * The definition of a phone driver (issue 50, DESIGN §4): every driver runs this suite. It checks the
 * contract of each operation a driver offers through the host that serves it — host API, streams,
 * the input path, pushes — and that each operation it lacks is refused with `capabilityMissing`.
 */
const files = mkdtempSync(join(tmpdir(), 'cloudphone-conformance-'));
/** The device side of the Android driver (issue 60): scrcpy's server as its protocol says, on virtual phones. */
let double: ScrcpyDouble | undefined;
/** What the operator supplies as SCRCPY_SERVER: the double checks it was pushed, not what it holds. */
const scrcpyServer = join(files, 'scrcpy-server.jar');
writeFileSync(scrcpyServer, 'scrcpy-server 3.3.3');

const DRIVERS: [string, PhoneDriverFactory | undefined][] = [
  ['virtual', undefined],
  ['minimal', () => new MinimalDriver()],
  ['minimal, one encoded stream at a time,', () => new MinimalDriver('one')],
  [
    'android, against the scrcpy double,',
    (services) =>
      new AndroidDriver(services, { devices: double!.addresses, serverFile: scrcpyServer, dataDir: ':memory:' }),
  ],
];

/** A host operation for each capability, through the host API: what a driver without it refuses. */
const HOST_API_CALLS: Partial<Record<PhoneCapability, (no: string) => [string, string, string?]>> = {
  restart: (no) => ['POST', `/host-api/instances/${no}/reboot`, '{}'],
  reset: (no) => ['POST', `/host-api/instances/${no}/reset`, '{}'],
  'new-machine': (no) => ['POST', `/host-api/instances/${no}/new-machine`, '{}'],
  resolution: (no) => ['PUT', `/host-api/instances/${no}/resolution`, '{"width":720,"height":1280,"dpi":320}'],
  model: (no) => ['PUT', `/host-api/instances/${no}/model`, '{"manufacturer":"Xiaomi","model":"x"}'],
  root: (no) => ['PUT', `/host-api/instances/${no}/root`, '{"root":true}'],
  'operator-state': (no) => ['PUT', `/host-api/instances/${no}/operator-state`, '{"state":"maintenance"}'],
  snapshots: (no) => [
    'POST',
    `/host-api/instances/${no}/snapshots`,
    '{"snapshotId":"tpl-0123456789abcdef","taskId":"snapshot-task-1"}',
  ],
  clipboard: (no) => ['GET', `/host-api/instances/${no}/clipboard`],
};

describe.each(DRIVERS)('the %s driver', (name, driver) => {
  const clock = fakeClock(Date.now());
  const hostKey = randomBytes(32).toString('hex');
  let host: DeviceHost<PhoneDriver>;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    if (name.startsWith('android')) double = await startScrcpyDouble(2);
  });
  afterAll(async () => {
    await double?.close();
    double = undefined;
  });
  beforeEach(async () => {
    host = new DeviceHost<PhoneDriver>({ dataDir: ':memory:', hostKey, clock, ffmpeg: null, installMs: 20, driver });
    await host.fleet.ready?.();
    host.startTasks();
    app = Fastify();
    await app.register(deviceHostPlugin, { host });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await app.close();
    host.close();
  });

  /** A phone made and booted, as the control plane makes one. */
  const onlinePhone = (instanceNo = `cp-${randomBytes(4).toString('hex')}`): DrivenPhone => {
    const phone = host.fleet.create({ instanceNo, display: { width: 720, height: 1280, dpi: 320 } });
    clock.advance(BOOT_MS);
    return phone;
  };
  /** A viewer of the phone with its owner's key, asking for `codec`. */
  const viewerOf = (phone: DrivenPhone, codec: 'jpeg' | 'h264') => {
    const claims = { u: 1, i: phone.instanceNo, p: 'control', r: 'owner', e: clock.now() + 60_000, n: clock.now() - 1 };
    const { accessKey } = signAccessKey(hostKey, claims as Parameters<typeof signAccessKey>[1]);
    return new TestViewer(
      `${url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=${codec}`,
    );
  };
  const hostApi = async (method: string, path: string, body = '') => {
    const time = String(clock.now());
    const reply = await fetch(`${url}${path}`, {
      method,
      body: body || undefined,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        'x-host-time': time,
        'x-host-signature': signSdkRequest(hostKey, method, path, time, body),
      },
    });
    return (await reply.json()) as { code: number; data: Record<string, unknown> | null };
  };

  it('makes a phone once per instance number, finds it, lists it and names the one it lacks', () => {
    const phone = onlinePhone('cp-conform-1');
    expect(host.fleet.create({ instanceNo: 'cp-conform-1' })).toBe(phone);
    expect(host.fleet.get('cp-conform-1')).toBe(phone);
    expect(host.fleet.list()).toContain(phone);
    expect(() => host.fleet.require('cp-none')).toThrow(PhoneNotFound);
    expect(phone.instanceNo).toBe('cp-conform-1');
    expect(phone.status()).toBe('online');
  });

  it('tells who the phone is and how it is set, as the host API describes it', async () => {
    const phone = onlinePhone();
    const facts = phone.facts();
    for (const field of ['brand', 'manufacturer', 'model', 'android', 'serial'] as const)
      expect(facts.identity[field]).toMatch(/\S/);
    expect(facts.display).toEqual({ width: 720, height: 1280, dpi: 320 });
    expect(await hostApi('GET', `/host-api/instances/${phone.instanceNo}`)).toMatchObject({
      code: 0,
      data: { instanceNo: phone.instanceNo, status: 'online', identity: facts.identity, display: facts.display },
    });
  });

  it('draws its screen at the width asked for, and streams it to a viewer', async () => {
    const phone = onlinePhone();
    if (phone.screenEncodedOnly) {
      // A device's own screen is never drawn here: a viewer that asks for JPEG takes its H.264 (issue 60).
      expect(() => phone.render(360)).toThrow(CapabilityMissing);
      expect((await phone.screenshotPng()).subarray(1, 4).toString()).toBe('PNG');
      const viewer = viewerOf(phone, 'jpeg');
      await viewer.until(() => viewer.frames.length > 0);
      expect(viewer.messages).toContainEqual(expect.objectContaining({ type: 'config', codec: 'h264' }));
      return viewer.close();
    }
    const size = phone.pictureSize(360);
    expect(size.width).toBe(360);
    expect(size.height % 2).toBe(0);
    const canvas = phone.render(360);
    expect([canvas.width, canvas.height]).toEqual([size.width, size.height]);
    expect(phone.frameKey()).toBe(phone.frameKey());
    expect((await phone.screenshotPng()).subarray(1, 4).toString()).toBe('PNG');
    const claims = { u: 1, i: phone.instanceNo, p: 'control', r: 'owner', e: clock.now() + 60_000, n: clock.now() - 1 };
    const { accessKey } = signAccessKey(hostKey, claims as Parameters<typeof signAccessKey>[1]);
    const viewer = new TestViewer(
      `${url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=jpeg`,
    );
    await viewer.until(() => viewer.frames.length > 0);
    expect(viewer.messages).toContainEqual(expect.objectContaining({ type: 'config', codec: 'jpeg' }));
    viewer.close();
  });

  it('passes a screen its driver encodes itself to an H.264 viewer, and asks it for a key frame on demand', async () => {
    const phone = onlinePhone();
    if (!phone.encodedScreen) return;
    const claims = { u: 1, i: phone.instanceNo, p: 'control', r: 'owner', e: clock.now() + 60_000, n: clock.now() - 1 };
    const { accessKey } = signAccessKey(hostKey, claims as Parameters<typeof signAccessKey>[1]);
    const viewer = new TestViewer(
      `${url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=h264`,
    );
    const device = double?.devices[double.addresses.indexOf((phone as AndroidPhone).device?.serial)];
    await viewer.until(() => viewer.frames.length >= (device ? 1 : 2));
    expect(viewer.frames[0]!.kind).toBe(FrameKind.h264Key);
    if (device) {
      // The device's packets, untouched: its parameter sets and key frame as one unit, and its codec string.
      expect(device.units.map((unit) => unit.toString('hex'))).toContain(viewer.frames[0]!.payload.toString('hex'));
      const sps = readSequenceParameters(viewer.frames[0]!.payload)!;
      expect(viewer.messages).toContainEqual(
        expect.objectContaining({ type: 'config', codec: 'h264', codecString: codecStringOf(sps) }),
      );
    } else {
      expect(viewer.messages).toContainEqual(expect.objectContaining({ type: 'config', codec: 'h264' }));
      expect(viewer.frames[0]).toMatchObject({ kind: FrameKind.h264Key, payload: CANNED_KEY_UNIT });
      expect(viewer.frames[1]).toMatchObject({ kind: FrameKind.h264Delta, payload: CANNED_DELTA_UNIT });
    }
    viewer.send({ type: 'keyframe' });
    await viewer.until(() => viewer.frames.filter((f) => f.kind === FrameKind.h264Key).length === 2);
    viewer.close();
  });

  it('moves viewers between rungs as its encoded streams allow: each its own, or all together (issue 58)', async () => {
    const phone = onlinePhone();
    if (!phone.encodedScreen) return;
    const viewers = [0, 1].map(() => {
      const claims = {
        u: 1,
        i: phone.instanceNo,
        p: 'control',
        r: 'owner',
        e: clock.now() + 60_000,
        n: clock.now() - 1,
      };
      const { accessKey } = signAccessKey(hostKey, claims as Parameters<typeof signAccessKey>[1]);
      return new TestViewer(
        `${url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=h264`,
      );
    });
    const rungs = (viewer: TestViewer) =>
      viewer.messages.flatMap((m) => (m.type === 'config' && m.rung ? [m.rung] : []));
    for (const viewer of viewers) await viewer.until(() => viewer.frames.length > 0);
    expect(viewers.map((v) => rungs(v).at(-1))).toEqual(['auto', 'auto']);
    const keyFrames = (viewer: TestViewer) => viewer.frames.filter((f) => f.kind === FrameKind.h264Key).length;
    const before = keyFrames(viewers[1]!);
    // One viewer's link takes only smooth ("auto" stepping down asks for it as a definition does).
    viewers[0]!.send({ type: 'definition', definition: DEFINITIONS.smooth });
    await viewers[0]!.until(() => rungs(viewers[0]!).at(-1) === 'smooth');
    if (phone.encodedRungs === 'one') {
      // The phone's one stream moved: the other viewer with it, from a key frame.
      await viewers[1]!.until(() => rungs(viewers[1]!).at(-1) === 'smooth' && keyFrames(viewers[1]!) > before);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rungs(viewers[1]!)).toEqual(['auto']);
    }
    for (const viewer of viewers) viewer.close();
  });

  it('passes the sound its driver encodes itself to a listener as it comes, never coding it again (issue 59)', async () => {
    const phone = onlinePhone();
    if (!phone.encodedSound) return;
    const claims = { u: 1, i: phone.instanceNo, p: 'view', r: 'view', e: clock.now() + 60_000, n: clock.now() - 1 };
    const { accessKey } = signAccessKey(hostKey, claims as Parameters<typeof signAccessKey>[1]);
    const viewer = new TestViewer(`${url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}`);
    await viewer.until(() => viewer.messages.some((m) => m.type === 'config'));
    expect(viewer.messages.find((m) => m.type === 'config')).toMatchObject({ audio: phone.soundFormat ?? PHONE_SOUND });
    viewer.send({ type: 'audio', on: true }); // a view-only key hears it: sound is part of watching
    await viewer.until(() => viewer.sounds.length > 0);
    expect(viewer.sounds[0]!.payload).toEqual(CANNED_OPUS_PACKET);
    viewer.close();
  });

  it('takes touches and the clipboard through the one input path, and tells its watchers', () => {
    const phone = onlinePhone();
    const heard: PhoneChange[] = [];
    const stop = phone.subscribe((change) => heard.push(change));
    const owner = { role: 'owner' } as const;
    expect(
      host.input.apply(phone.instanceNo, owner, { type: 'touch', action: 'down', id: 1, x: 0.5, y: 0.9 }),
    ).toBeNull();
    expect(
      host.input.apply(phone.instanceNo, owner, { type: 'touch', action: 'up', id: 1, x: 0.5, y: 0.9 }),
    ).toBeNull();
    expect(host.input.apply(phone.instanceNo, owner, { type: 'clipboard-set', text: 'copied' })).toBeNull();
    expect(phone.clipboard).toBe('copied');
    expect(heard).toContainEqual({ type: 'clipboard', text: 'copied' });
    stop();
  });

  it('keeps files placed and installs packages, counting what they take; a file that is no package is refused', async () => {
    if (!host.fleet.capabilities.has('files')) return;
    const phone = onlinePhone();
    const before = phone.usedBytes();
    // The push's copy in the host's blob cache, as the push runner leaves it (a device is written from it).
    const photo = randomBytes(1234);
    const sha256 = createHash('sha256').update(photo).digest('hex');
    await host.blobs.fetch(
      sha256,
      photo.length,
      async () => Readable.from([photo]),
      () => undefined,
    );
    await phone.placeFile({ name: 'photo.jpg', size: 1234, time: clock.now(), sha256 });
    expect(phone.files().map((f) => f.name)).toContain('photo.jpg');
    expect(phone.usedBytes()).toBe(before + 1234);
    const progress: number[] = [];
    const size = statSync(GOLD_MINER_APK).size;
    const app = await phone.install(GOLD_MINER_APK, size, (p) => progress.push(p));
    expect(app).toMatchObject({ packageName: 'com.example.miner', size });
    expect(progress.length).toBeGreaterThan(0);
    const notApk = join(files, 'not.apk');
    writeFileSync(notApk, 'not a package');
    await expect(phone.install(notApk, 13)).rejects.toBeInstanceOf(PackageParseError);
  });

  it('runs each power and settings operation it has as a task the control plane names, once', async () => {
    if (!host.fleet.capabilities.has('restart')) return;
    const phone = onlinePhone();
    const events: HostTaskEvent[] = [];
    const stop = host.fleet.subscribeTasks((event) => events.push(event));
    const reboot = await hostApi('POST', `/host-api/instances/${phone.instanceNo}/reboot`, '{"taskId":"reboot-1"}');
    expect(reboot).toMatchObject({ code: 0, data: { taskId: 'reboot-1' } });
    expect(await hostApi('POST', `/host-api/instances/${phone.instanceNo}/reboot`, '{"taskId":"reboot-1"}')).toEqual(
      reboot,
    );
    expect(host.fleet.task('reboot-1')?.status).toMatch(/running|pending/);
    expect(events.map((e) => e.taskId)).toContain('reboot-1');
    stop();
  });

  it('refuses every operation it lacks with the capability error', async () => {
    const phone = onlinePhone();
    const lacking = PHONE_CAPABILITIES.filter((capability) => !host.fleet.capabilities.has(capability));
    for (const capability of lacking) {
      const call = HOST_API_CALLS[capability]?.(phone.instanceNo);
      if (call) expect((await hostApi(...call)).code, capability).toBe(ERRORS.capabilityMissing.code);
    }
    const keys = host.input.apply(phone.instanceNo, { role: 'owner' }, { type: 'key', key: 'home' });
    expect(keys).toBe(host.fleet.capabilities.has('keys') ? null : 'capabilityMissing');
    expect(host.fleet.adb(phone.instanceNo) === undefined).toBe(!host.fleet.capabilities.has('adb'));
  });
});

afterAll(() => rmSync(files, { recursive: true, force: true }));
