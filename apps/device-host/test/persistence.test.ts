import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signAccessKey } from '@cloudphone/contracts/access-key';
import { DeviceHost } from '../src/host';
import { BOOT_MS, TASK_DURATION_MS } from '../src/phones/tasks';
import { fakeClock, type FakeClock } from './support';

let dataDir: string;
let hostKey: string;
let clock: FakeClock;
const open: DeviceHost[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'device-host-'));
  hostKey = randomBytes(32).toString('hex');
  clock = fakeClock();
});
afterEach(() => {
  for (const host of open.splice(0)) host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A host on the test's folder; `restart` closes it and opens a new one on the same folder. */
function startHost(): DeviceHost {
  const host = new DeviceHost({ dataDir, hostKey, clock });
  open.push(host);
  return host;
}

function restart(host: DeviceHost): DeviceHost {
  host.close();
  open.splice(open.indexOf(host), 1);
  return startHost();
}

const keyFor = (instanceNo: string, userId: number, issuedAt: number) =>
  signAccessKey(hostKey, { u: userId, i: instanceNo, p: 'control', e: issuedAt + 86_400_000, n: issuedAt }).accessKey;

describe('the host store on disk', () => {
  it('keeps its SQLite file in the data folder', () => {
    startHost();
    expect(existsSync(join(dataDir, 'device-host.sqlite'))).toBe(true);
  });

  it('brings back every phone with its identity, display and status after a restart', () => {
    let host = startHost();
    const first = host.fleet.create();
    const second = host.fleet.create({ display: { width: 1080, height: 2400, dpi: 440 } });
    clock.advance(BOOT_MS);
    const states = [structuredClone(first.state), structuredClone(second.state)];

    host = restart(host);
    expect(
      host.fleet
        .list()
        .map((p) => p.instanceNo)
        .sort(),
    ).toEqual(states.map((s) => s.instanceNo).sort());
    for (const state of states) {
      const phone = host.fleet.require(state.instanceNo);
      expect(phone.state.identity).toEqual(state.identity);
      expect(phone.state.display).toEqual(state.display);
      expect(phone.status()).toBe('online');
    }
  });

  it('keeps notes typed on the notes screen, the clipboard and root', () => {
    let host = startHost();
    const phone = host.fleet.create();
    clock.advance(BOOT_MS);
    phone.open('notes');
    phone.typeText('buy milk');
    phone.key('enter');
    phone.typeText('call mum');
    phone.setClipboard('from the clipboard');
    const rootTask = host.fleet.setRoot(phone.instanceNo, true);
    clock.advance(TASK_DURATION_MS['set-root']);

    host = restart(host);
    const again = host.fleet.require(phone.instanceNo);
    expect(again.state.notes).toBe('buy milk\ncall mum');
    expect(again.clipboard).toBe('from the clipboard');
    expect(again.state.root).toBe(true);
    expect(host.fleet.task(rootTask.id)).toMatchObject({ taskId: rootTask.id, status: 'success' });
  });

  it('resolves a task made before the restart, and it keeps running to the same end', () => {
    let host = startHost();
    const phone = host.fleet.create();
    clock.advance(BOOT_MS);
    const task = host.fleet.reboot(phone.instanceNo);
    const failed = host.fleet.reset(phone.instanceNo); // refused: the phone is restarting

    host = restart(host);
    expect(host.fleet.task(task.id)).toMatchObject({ taskId: task.id, status: 'running' });
    expect(host.fleet.require(phone.instanceNo).status()).toBe('restarting');
    expect(host.fleet.task(failed.id)).toMatchObject({
      taskId: failed.id,
      status: 'failed',
      reason: 'device is restarting',
    });
    clock.advance(TASK_DURATION_MS.reboot);
    expect(host.fleet.task(task.id)?.status).toBe('success');
    expect(host.fleet.require(phone.instanceNo).status()).toBe('online');
    expect(host.fleet.task('no-such-task')).toBeUndefined();
  });

  it('keeps a revocation: a key issued before it is still refused, a later key is accepted', () => {
    let host = startHost();
    const phone = host.fleet.create();
    const other = host.fleet.create();
    const before = keyFor(phone.instanceNo, 7, clock.now() - 1);
    const otherUser = keyFor(phone.instanceNo, 8, clock.now() - 1);
    const otherPhone = keyFor(other.instanceNo, 7, clock.now() - 1);
    expect(host.access.check(before, phone.instanceNo)).toMatchObject({ u: 7, i: phone.instanceNo });
    host.revoke(phone.instanceNo, 7);
    expect(host.access.check(before, phone.instanceNo)).toBe('revoked');

    clock.advance(1000);
    host = restart(host);
    expect(host.access.check(before, phone.instanceNo)).toBe('revoked');
    expect(host.access.check(before)).toBe('revoked');
    expect(host.access.check(otherUser, phone.instanceNo)).toMatchObject({ u: 8 });
    expect(host.access.check(otherPhone, other.instanceNo)).toMatchObject({ u: 7 });
    expect(host.access.check(keyFor(phone.instanceNo, 7, clock.now()), phone.instanceNo)).toMatchObject({ u: 7 });
  });

  it('keeps a revocation for every user of an instance', () => {
    let host = startHost();
    const phone = host.fleet.create();
    const keys = [1, 2, 3].map((u) => keyFor(phone.instanceNo, u, clock.now() - 1));
    host.revoke(phone.instanceNo, null);

    host = restart(host);
    for (const key of keys) expect(host.access.check(key, phone.instanceNo)).toBe('revoked');
  });
});

describe('templates through a host restart (issue 15)', () => {
  it('keeps a snapshot and a clone under way: asked again after the restart, the same task finishes once', () => {
    let host = startHost();
    const [source, target] = [host.fleet.create(), host.fleet.create()];
    target.update((s) => (s.identity = { ...s.identity, android: source.state.identity.android }));
    clock.advance(BOOT_MS);
    source.update((s) => (s.notes = 'kept'));
    host.fleet.snapshot(source.instanceNo, 'tpl-00000000000000aa', 'snapshot-task-1');
    clock.advance(TASK_DURATION_MS.snapshot);
    const applying = host.fleet.applySnapshot(target.instanceNo, 'tpl-00000000000000aa', 'apply-task-1');

    host = restart(host);
    expect(host.fleet.snapshotInfo('tpl-00000000000000aa')).toMatchObject({ instanceNo: source.instanceNo });
    expect(host.fleet.applySnapshot(target.instanceNo, 'tpl-00000000000000aa', 'apply-task-1').id).toBe(applying.id);
    expect(host.fleet.get(target.instanceNo)!.status()).toBe('resetting');
    clock.advance(TASK_DURATION_MS['apply-snapshot']);
    expect(host.fleet.task(applying.id)?.status).toBe('success');
    expect(host.fleet.get(target.instanceNo)!.state.notes).toBe('kept');
  });
});

describe('a phone’s locks through a host restart (issue 20)', () => {
  it('still refuses input on a phone locked before the restart, until the control plane frees it', () => {
    let host = startHost();
    const phone = host.fleet.create();
    clock.advance(BOOT_MS);
    const cloning = { kind: 'cloning' as const, holder: 'clone:1', expiresAt: clock.now() + 60_000 };
    host.applyPhoneStates([{ instanceNo: phone.instanceNo, version: 3, locks: [cloning] }]);
    const tap = { type: 'tap' as const, x: 0.5, y: 0.5 };
    expect(host.input.apply(phone.instanceNo, { role: 'owner' }, tap)).toBe('deviceCloning');

    host = restart(host);
    expect(host.input.apply(phone.instanceNo, { role: 'owner' }, tap)).toBe('deviceCloning');
    // A late message of an older version changes nothing; the newer one frees the phone.
    host.applyPhoneStates([{ instanceNo: phone.instanceNo, version: 2, locks: [] }]);
    expect(host.input.apply(phone.instanceNo, { role: 'owner' }, tap)).toBe('deviceCloning');
    host.applyPhoneStates([{ instanceNo: phone.instanceNo, version: 4, locks: [] }]);
    expect(host.input.apply(phone.instanceNo, { role: 'owner' }, tap)).toBeNull();
  });
});
