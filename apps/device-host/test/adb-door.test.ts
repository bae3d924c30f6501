import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADB_DOOR_LIMITS } from '../src/adb/adb-door';
import { DeviceHost } from '../src/host';
import { AdbClient } from '../testing/adb-client';
import { fakeClock, phoneWithAdb } from './support';

/**
 * The ADB door a stranger pushes on (issue 47): silent sockets by the thousand, held open. The host
 * runs in this process, as the embedded host runs in the API's; the stranger in a process of its own.
 */
const SIGN_IN_MS = 1_000;
const clock = fakeClock(Date.now());
const hostKey = randomBytes(32).toString('hex');
const host = new DeviceHost({ dataDir: ':memory:', hostKey, clock, ffmpeg: null, adbDoor: { signInMs: SIGN_IN_MS } });
host.startTasks();
let adb: AdbClient;

beforeAll(async () => {
  adb = await AdbClient.start();
}, 20_000);
afterAll(async () => {
  await adb.stop();
  host.close();
}, 20_000);

/** A phone of the owner's with its ADB endpoint open; its port. */
async function openPhone(): Promise<{ instanceNo: string; port: number }> {
  const { phone, port } = await phoneWithAdb(host, clock, hostKey, adb.publicKey);
  return { instanceNo: phone.instanceNo, port };
}

const openDescriptors = () => readdirSync('/proc/self/fd').length;

/** A stranger's process that opens `count` connections to `port`, sends nothing, and keeps them. */
function stranger(port: number, count: number) {
  const script = `
    const { connect } = require('node:net');
    let settled = 0;
    for (let i = 0; i < ${count}; i++) {
      const socket = connect(${port}, '127.0.0.1');
      const done = () => { if (!socket.counted && (socket.counted = true) && ++settled === ${count}) console.log('held'); };
      socket.on('connect', done);
      socket.on('error', done);
      socket.on('close', done);
    }
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  const held = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => chunk.includes('held') && resolve()),
  );
  return { held, stop: () => child.kill('SIGKILL') };
}

describe.skipIf(process.platform !== 'linux')('the ADB door', () => {
  it('holds no more than its caps of 2,000 silent connections, and lets a real adb client in meanwhile', async () => {
    const { instanceNo, port } = await openPhone();
    const before = openDescriptors();
    const flood = stranger(port, 2_000);
    try {
      await flood.held;
      // The host closes what it takes past the caps as it comes in: let the last ones arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const risen = openDescriptors() - before;
      expect(risen).toBeLessThanOrEqual(ADB_DOOR_LIMITS.perHost);
      expect(host.adb.connectionCount(instanceNo)).toBeLessThanOrEqual(ADB_DOOR_LIMITS.perPhone);

      const serial = `127.0.0.1:${port}`;
      await adb.run(['connect', serial]);
      await adb.run(['-s', serial, 'wait-for-device'], { timeoutMs: 5_000 });
      const model = await adb.on(serial, ['shell', 'getprop', 'ro.product.model']);
      expect(model.code).toBe(0);
      expect(model.stdout.toString().trim()).toBe(host.fleet.get(instanceNo)!.state.identity.model);
    } finally {
      flood.stop();
    }
  });

  it('closes a connection that has not signed in by the deadline', async () => {
    const { port } = await openPhone();
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    const closed = await new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
    expect(closed - started).toBeGreaterThanOrEqual(SIGN_IN_MS - 50);
    expect(closed - started).toBeLessThan(SIGN_IN_MS + 1_000);
  });
});
