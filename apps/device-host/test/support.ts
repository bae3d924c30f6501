import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { signAccessKey } from '@cloudphone/contracts/access-key';
import type { HostLockRequest, HostPowerRequest } from '@cloudphone/contracts/host-api';
import type { PhoneRole } from '@cloudphone/contracts/phone-access';
import type { PhoneDriver } from '../src/drivers/phone-driver';
import { FRAME_HEADER_BYTES, FrameKind, type HostMessage, type Permission } from '@cloudphone/contracts/stream';
import { DeviceHost, type ControlPlane, type DeviceHostOptions } from '../src/host';
import { deviceHostPlugin } from '../src/plugin';
import { BOOT_MS } from '../src/phones/tasks';
import type { VirtualPhone } from '../src/drivers/virtual/virtual-phone';

export interface TestHost {
  host: DeviceHost;
  app: FastifyInstance;
  url: string;
  key: (
    instanceNo: string,
    options?: { permission?: Permission; role?: PhoneRole; userId?: number; ttlMs?: number; issuedAt?: number },
  ) => {
    accessKey: string;
    secretKey: string;
  };
}

/** What a control plane of the tests was asked, in order. */
export interface ControlPlaneAsked {
  power: HostPowerRequest[];
  locks: HostLockRequest[];
}

/**
 * The server's part as a host alone sees it: SDK power calls carried out, and every lock an ADB write
 * asks granted (the server's route tests drive those decisions); what it was asked goes to `asked`.
 */
export function standaloneControlPlane(
  host: { fleet: Pick<PhoneDriver, 'reboot' | 'reset'> },
  asked?: ControlPlaneAsked,
  now: () => number = Date.now,
): ControlPlane {
  return {
    power: async (request) => {
      asked?.power.push(request);
      const { instanceNo, action } = request;
      return { taskId: (action === 'restart' ? host.fleet.reboot(instanceNo) : host.fleet.reset(instanceNo)).id };
    },
    lock: async (request) => {
      asked?.locks.push(request);
      return { expiresAt: request.action === 'release' ? null : now() + request.ttlMs };
    },
  };
}

/** A real host on a loopback port, with an in-memory store. */
export async function startTestHost(
  clock?: { now: () => number },
  options: Pick<DeviceHostOptions, 'ffmpeg' | 'prepareStreamsAfterMs'> = {},
): Promise<TestHost> {
  const hostKey = randomBytes(32).toString('hex');
  const host = new DeviceHost({ dataDir: ':memory:', hostKey, clock, ...options });
  host.controlPlane = standaloneControlPlane(host);
  const app = Fastify();
  await app.register(deviceHostPlugin, { host });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const now = () => (clock ?? { now: Date.now }).now();
  return {
    host,
    app,
    url: address,
    key: (instanceNo, options = {}) =>
      signAccessKey(hostKey, {
        u: options.userId ?? 1,
        i: instanceNo,
        p: options.permission ?? 'control',
        r: options.role ?? (options.permission === 'view' ? 'view' : 'owner'),
        e: now() + (options.ttlMs ?? 60_000),
        n: options.issuedAt ?? now() - 1,
      }),
  };
}

/** A viewer: collects text messages and binary frames. */
export class TestViewer {
  readonly messages: HostMessage[] = [];
  readonly frames: { kind: number; bytes: number; payload: Buffer }[] = [];
  /** Frames beside the video: pictures ahead of an H.264 stream's first key frame, and probes. */
  readonly besides: { kind: number; bytes: number; payload: Buffer }[] = [];
  /** The phone's sound: Opus frames (issue 59). */
  readonly sounds: { kind: number; bytes: number; payload: Buffer; at: number }[] = [];
  /** The kind of every binary frame, in the order they came. */
  readonly kinds: number[] = [];
  closeCode: number | undefined;
  private readonly socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return void this.messages.push(JSON.parse(data.toString()) as HostMessage);
      const frame = { kind: data[0] ?? 0, bytes: data.length, payload: data.subarray(FRAME_HEADER_BYTES) };
      this.kinds.push(frame.kind);
      // The picture ahead of an H.264 stream's first key frame, and the link's probes, are no video (issue 58).
      const h264 = this.codec() === 'h264';
      if (frame.kind === FrameKind.opus) this.sounds.push({ ...frame, at: data.readDoubleLE(1) });
      else if (frame.kind === FrameKind.probe || (h264 && frame.kind === FrameKind.jpeg)) this.besides.push(frame);
      else this.frames.push(frame);
    });
    this.socket.on('close', (code) => (this.closeCode = code));
  }

  private codec(): string | undefined {
    const config = this.messages.findLast((m) => m.type === 'config');
    return config?.type === 'config' ? config.codec : undefined;
  }

  async opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return;
    await new Promise((resolve, reject) => {
      this.socket.once('open', resolve);
      this.socket.once('error', reject);
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.close();
  }

  async until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  keyFrames(): number {
    return this.frames.filter((f) => f.kind === FrameKind.h264Key).length;
  }
}

/** A clock the test moves by hand: lifecycles run without waiting. */
export interface FakeClock {
  now: () => number;
  advance: (ms: number) => void;
  set: (t: number) => void;
}

export function fakeClock(start = Date.UTC(2025, 0, 1)): FakeClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms), set: (value) => void (t = value) };
}

/** The ADB endpoint the control plane tells for a phone of the owner's (port 0: any free one, in tests). */
export function adbEndpointOf(hostKey: string, clock: FakeClock, instanceNo: string, publicKey: string) {
  const until = clock.now() + 3_600_000;
  const claims = { u: 1, i: instanceNo, p: 'control', r: 'owner', e: until, n: clock.now() } as const;
  return { port: 0, publicKeys: [publicKey], until, accessKey: signAccessKey(hostKey, claims).accessKey };
}

/** A new phone of the owner's, booted, with its ADB endpoint open to `publicKey`; its port. */
export async function phoneWithAdb(
  host: DeviceHost,
  clock: FakeClock,
  hostKey: string,
  publicKey: string,
): Promise<{ phone: VirtualPhone; port: number }> {
  const phone = host.fleet.create();
  clock.advance(BOOT_MS);
  const endpoint = adbEndpointOf(hostKey, clock, phone.instanceNo, publicKey);
  host.applyPhoneStates([{ instanceNo: phone.instanceNo, version: 1, locks: [], adb: endpoint }]);
  for (let tries = 0; host.adb.port(phone.instanceNo) === undefined; tries++) {
    if (tries > 200) throw new Error('the ADB endpoint did not open');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { phone, port: host.adb.port(phone.instanceNo)! };
}
