import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostPushRequest, HostTaskEvent } from '@cloudphone/contracts/host-api';
import { DeviceHost } from '../src/host';
import { PHONE_STORAGE_BYTES } from '../src/phones/pushes';
import { BOOT_MS, TASK_DURATION_MS } from '../src/phones/tasks';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';

const apk = readFileSync(GOLD_MINER_APK);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Pushes and installs on a host (issue 14): each a task under the server's id, told as task events. */
describe('pushes', () => {
  let dataDir: string;
  let now: number;
  const clock = { now: () => now };
  let host: DeviceHost;
  let fetches: number;
  /** The blobs a control plane would serve, by hash. */
  const blobs = new Map<string, Buffer>();
  const start = (h: DeviceHost) =>
    h.startTasks(async (source) => {
      fetches++;
      const bytes = blobs.get(source);
      if (!bytes) throw Object.assign(new Error('gone'), { status: 404 });
      return Readable.from([bytes]);
    });
  const request = (bytes: Buffer, change: Partial<HostPushRequest> = {}): HostPushRequest => {
    blobs.set(sha256(bytes), bytes);
    return {
      taskId: randomUUID(),
      sha256: sha256(bytes),
      name: 'gold-miner.apk',
      size: bytes.length,
      kind: 'app',
      install: true,
      source: sha256(bytes),
      ...change,
    };
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'device-host-pushes-'));
    now = Date.now();
    fetches = 0;
    host = new DeviceHost({ dataDir, hostKey: 'k', clock, installMs: 20 });
    start(host);
  });
  afterEach(async () => {
    await host.pushes.idle();
    host.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const online = () => {
    const phone = host.fleet.create();
    now += BOOT_MS;
    return phone;
  };

  it('installs an app, telling each step, and answers a second ask under the same id with the same task', async () => {
    const phone = online();
    const events: HostTaskEvent[] = [];
    host.subscribe({ task: (e) => events.push(e) });
    const push = request(apk);
    host.pushes.push(phone.instanceNo, push);
    host.pushes.push(phone.instanceNo, push);
    await host.pushes.idle();
    expect(host.pushes.push(phone.instanceNo, push)).toMatchObject({ state: 'success', progress: 100 });
    expect(phone.state.apps).toEqual([expect.objectContaining({ packageName: 'com.example.miner' })]);
    expect(new Set(events.map((e) => e.taskId))).toEqual(new Set([push.taskId]));
    expect(events.some((e) => e.stage === 'install' && e.state === 'running')).toBe(true);
    expect(events.at(-1)).toMatchObject({ state: 'success', kind: 'push', instanceNo: phone.instanceNo });
  });

  it('fetches a file pushed to many phones once, and puts it in each phone Files', async () => {
    const phones = [online(), online(), online()];
    const bytes = Buffer.from('milk, eggs');
    for (const phone of phones)
      host.pushes.push(phone.instanceNo, request(bytes, { name: 'list.txt', kind: 'file', install: false }));
    await host.pushes.idle();
    expect(fetches).toBe(1);
    for (const phone of phones) expect(phone.state.files).toEqual([expect.objectContaining({ name: 'list.txt' })]);
  });

  it('waits for a phone still starting, then installs on it (issue 21)', async () => {
    const starting = host.fleet.create();
    const push = request(apk);
    host.pushes.push(starting.instanceNo, push);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(host.pushes.find(push.taskId)).toMatchObject({ state: 'running' });
    now += BOOT_MS;
    await host.pushes.idle();
    expect(host.pushes.find(push.taskId)).toMatchObject({ state: 'success' });
    expect(starting.state.apps).toHaveLength(1);
  });

  it('fails with the reason: offline, storage full, incompatible, file missing', async () => {
    const offline = online();
    host.fleet.setOperatorState(offline.instanceNo, 'offline');
    const full = online();
    const broken = online();
    const missing = online();
    const asks = [
      [offline, request(apk)],
      [full, request(apk, { size: PHONE_STORAGE_BYTES + 1 })],
      [broken, request(Buffer.from('not a package'))],
      [missing, { ...request(apk), source: 'nowhere' }],
    ] as const;
    const ids = asks.map(([phone, push]) => host.pushes.push(phone.instanceNo, push).taskId);
    await host.pushes.idle();
    expect(ids.map((id) => host.pushes.find(id)?.reason)).toEqual([
      'offline',
      'storageFull',
      'incompatible',
      'fileMissing',
    ]);
  });

  it('resumes a push a restart cut short, under the same task', async () => {
    const phone = online();
    const push = request(apk);
    const hold = new Promise<void>(() => undefined);
    // The host dies while fetching: the fetch never ends.
    host.close();
    host = new DeviceHost({ dataDir, hostKey: 'k', clock, installMs: 20 });
    host.startTasks(() => hold.then(() => Readable.from([])));
    host.pushes.push(phone.instanceNo, push);
    host.close();

    host = new DeviceHost({ dataDir, hostKey: 'k', clock, installMs: 20 });
    start(host);
    await host.pushes.idle();
    expect(host.pushes.find(push.taskId)).toMatchObject({ state: 'success' });
    expect(host.fleet.get(phone.instanceNo)!.state.apps).toHaveLength(1);
  });

  it('tells timed tasks on the same events: a restart or a setting runs, then succeeds', async () => {
    const phone = online();
    const events: HostTaskEvent[] = [];
    host.subscribe({ task: (e) => events.push(e) });
    const task = host.fleet.pushFile(phone.instanceNo, { name: 'a.txt', size: 1, time: now });
    // Its time passes on the host's clock, which the end is told by.
    now += TASK_DURATION_MS['push-file'];
    await new Promise<void>((resolve) => {
      const stop = host.subscribe({
        task: (e) => {
          if (e.taskId !== task.id || e.state !== 'success') return;
          stop();
          resolve();
        },
      });
    });
    expect(events.filter((e) => e.taskId === task.id).map((e) => e.state)).toEqual(['running', 'success']);
    expect(events[0]).toMatchObject({ kind: 'push-file', instanceNo: phone.instanceNo });
  });
});
