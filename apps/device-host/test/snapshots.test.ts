import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualFleet as PhoneFleet } from '../src/drivers/virtual/virtual-fleet';
import { goldMined } from '../src/drivers/virtual/screens/game';
import { BOOT_MS, TASK_DURATION_MS } from '../src/phones/tasks';
import type { VirtualPhone } from '../src/drivers/virtual/virtual-phone';
import { HostStore } from '../src/store/host-store';
import { fakeClock, type FakeClock } from './support';

let clock: FakeClock;
let store: HostStore;
let fleet: PhoneFleet;
beforeEach(() => {
  clock = fakeClock();
  store = new HostStore(':memory:');
  fleet = new PhoneFleet(store, clock);
});
afterEach(() => store.close());

/** Phones of one Android version, online. */
function onlinePhones(count: number): VirtualPhone[] {
  const phones = Array.from({ length: count }, () => fleet.create());
  for (const phone of phones.slice(1))
    phone.update((s) => (s.identity = { ...s.identity, android: phones[0]!.state.identity.android }));
  clock.advance(BOOT_MS);
  return phones;
}

const SNAPSHOT = 'tpl-0123456789abcdef';

describe('snapshots of user data (templates)', () => {
  it('puts one phone’s apps, files, notes, clipboard, language and game on another, which keeps its identity', () => {
    const [source, target] = onlinePhones(2);
    fleet.installApp(source!.instanceNo, {
      packageName: 'com.example.demo',
      label: 'Demo',
      versionName: '1.0',
      icon: '#ff0000',
      installedAt: clock.now(),
    });
    fleet.pushFile(source!.instanceNo, { name: 'photo.jpg', size: 5_000, time: clock.now() });
    source!.setClipboard('copied');
    source!.open('notes');
    source!.typeText('shopping list');
    source!.update((s) => (s.language = 'en-US'));
    clock.advance(60_000); // a minute of the idle game

    const taking = fleet.snapshot(source!.instanceNo, SNAPSHOT, 'task-snapshot-1');
    expect(fleet.task(taking.id)).toMatchObject({ status: 'running', progress: 0 });
    clock.advance(TASK_DURATION_MS.snapshot / 2);
    expect(fleet.task(taking.id)).toMatchObject({ status: 'running', progress: 50 });
    clock.advance(TASK_DURATION_MS.snapshot / 2);
    expect(fleet.task(taking.id)).toMatchObject({ status: 'success', progress: 100 });
    expect(fleet.snapshotInfo(SNAPSHOT)?.size).toBeGreaterThan(5_000);
    // Changes after the snapshot are not in it.
    source!.typeText(' and more');

    const identity = { ...target!.state.identity };
    const display = { ...target!.state.display };
    const applying = fleet.applySnapshot(target!.instanceNo, SNAPSHOT, 'task-apply-1');
    expect(target!.status()).toBe('resetting');
    clock.advance(TASK_DURATION_MS['apply-snapshot']);
    expect(fleet.task(applying.id)?.status).toBe('success');
    expect(target!.state).toMatchObject({
      apps: [expect.objectContaining({ packageName: 'com.example.demo' })],
      files: [expect.objectContaining({ name: 'photo.jpg' })],
      notes: 'shopping list',
      clipboard: 'copied',
      language: 'en-US',
      identity,
      display,
    });
    expect(goldMined(target!.state.gameStartedAt, clock.now())).toBeGreaterThanOrEqual(goldMined(0, 60_000));
  });

  it('answers a task asked for again with its id, and takes one snapshot', () => {
    const [source, target] = onlinePhones(2);
    source!.open('notes');
    source!.typeText('first');
    const first = fleet.snapshot(source!.instanceNo, SNAPSHOT, 'task-snapshot-2');
    source!.typeText(' second');
    expect(fleet.snapshot(source!.instanceNo, SNAPSHOT, 'task-snapshot-2').id).toBe(first.id);
    clock.advance(TASK_DURATION_MS.snapshot);
    fleet.applySnapshot(target!.instanceNo, SNAPSHOT, 'task-apply-2');
    clock.advance(1_000);
    // A retry of the same apply after a crash does not restart the phone again.
    const again = fleet.applySnapshot(target!.instanceNo, SNAPSHOT, 'task-apply-2');
    expect(fleet.task(again.id)).toMatchObject({ status: 'running', progress: 20 });
    clock.advance(TASK_DURATION_MS['apply-snapshot']);
    expect(target!.state.notes).toBe('first');
  });

  it('refuses a snapshot of another Android version, and gives a new machine one of the same version', () => {
    const [source, same] = onlinePhones(2);
    fleet.snapshot(source!.instanceNo, SNAPSHOT, 'task-snapshot-3');
    const other = fleet.create();
    other.update((s) => (s.identity = { ...s.identity, android: 'other' }));
    clock.advance(BOOT_MS);
    expect(fleet.task(fleet.applySnapshot(other.instanceNo, SNAPSHOT, 'task-apply-3').id)).toMatchObject({
      status: 'failed',
      reason: 'incompatible',
    });
    const imei = same!.state.identity.imei;
    fleet.applySnapshot(same!.instanceNo, SNAPSHOT, 'task-apply-4', { newMachine: true });
    expect(same!.state.identity.imei).not.toBe(imei);
    expect(same!.state.identity.android).toBe(source!.state.identity.android);
  });

  it('copies a snapshot to another host’s store, and deletes it', () => {
    const [source] = onlinePhones(1);
    fleet.snapshot(source!.instanceNo, SNAPSHOT, 'task-snapshot-5');
    const otherStore = new HostStore(':memory:');
    const otherFleet = new PhoneFleet(otherStore, clock);
    otherFleet.importSnapshot(fleet.exportSnapshot(SNAPSHOT)!);
    expect(otherFleet.snapshotInfo(SNAPSHOT)).toEqual(fleet.snapshotInfo(SNAPSHOT));
    otherStore.close();
    fleet.deleteSnapshot(SNAPSHOT);
    expect(fleet.snapshotInfo(SNAPSHOT)).toBeUndefined();
  });
});
