import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DISPLAY_PRESETS, HANDSETS } from '../src/drivers/virtual/catalogue';
import { VirtualFleet as PhoneFleet } from '../src/drivers/virtual/virtual-fleet';
import { isLuhnValid } from '../src/drivers/virtual/identity';
import { goldMined, goldOf, KNOB_COLOR, MINE_GOLD } from '../src/drivers/virtual/screens/game';
import { applyUserData, takeUserData } from '../src/drivers/virtual/phone-state';
import { BOOT_MS, TASK_DURATION_MS, taskState, type Task } from '../src/phones/tasks';
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

function onlinePhone(): VirtualPhone {
  const phone = fleet.create();
  clock.advance(BOOT_MS);
  return phone;
}

/** Gives the phone user data of every kind a reset wipes. */
function fillUserData(phone: VirtualPhone): void {
  fleet.installApp(phone.instanceNo, {
    packageName: 'com.example.demo',
    label: 'Demo',
    versionName: '1.0',
    icon: '#ff0000',
    installedAt: clock.now(),
  });
  fleet.pushFile(phone.instanceNo, { name: 'photo.jpg', size: 1234, time: clock.now() });
  phone.setClipboard('copied text');
  phone.open('notes');
  phone.typeText('my notes');
}

/** Runs a task to its end and checks it succeeded. */
function finish(task: Task): void {
  clock.advance(TASK_DURATION_MS[task.kind]);
  expect(fleet.task(task.id)?.status).toBe('success');
}

const SETTINGS_ICON = { x: 0.125, y: 0.347 };

describe('power lifecycle', () => {
  it('boots a new phone for BOOT_MS, then it is online', () => {
    const phone = fleet.create();
    expect(phone.status()).toBe('booting');
    clock.advance(BOOT_MS - 1);
    expect(phone.status()).toBe('booting');
    clock.advance(1);
    expect(phone.status()).toBe('online');
  });

  it('reboots: the task runs and the phone restarts until the reboot duration has passed', () => {
    const phone = onlinePhone();
    const task = fleet.reboot(phone.instanceNo);
    expect(fleet.task(task.id)).toMatchObject({ taskId: task.id, status: 'running' });
    expect(phone.status()).toBe('restarting');
    clock.advance(TASK_DURATION_MS.reboot - 1);
    expect(fleet.task(task.id)?.status).toBe('running');
    expect(phone.status()).toBe('restarting');
    clock.advance(1);
    expect(fleet.task(task.id)?.status).toBe('success');
    expect(phone.status()).toBe('online');
  });

  it('makes a task pending only while its start is in the future', () => {
    const now = clock.now();
    const task: Task = {
      id: 't',
      instanceNo: 'cp-x',
      kind: 'reboot',
      createdAt: now,
      startAt: now + 1,
      finishAt: now + 1 + TASK_DURATION_MS.reboot,
      failedReason: null,
    };
    expect(taskState(task, now)).toBe('pending');
    expect(taskState({ ...task, startAt: now }, now)).toBe('running');
    expect(taskState({ ...task, failedReason: 'no' }, now + 1e9)).toBe('failed');

    const made = fleet.reboot(onlinePhone().instanceNo);
    expect(made.startAt).toBe(clock.now());
    expect(fleet.task(made.id)?.status).toBe('running');
  });

  it('resets: wipes apps, files, clipboard and notes, keeps identity, display and root', () => {
    const phone = onlinePhone();
    finish(fleet.setRoot(phone.instanceNo, true));
    finish(fleet.setResolution(phone.instanceNo, DISPLAY_PRESETS[1]));
    fillUserData(phone);
    expect(phone.state.apps).toHaveLength(1);
    expect(phone.state.files).toHaveLength(1);
    expect(phone.state.notes).toBe('my notes');
    const identity = { ...phone.state.identity };

    const task = fleet.reset(phone.instanceNo);
    expect(phone.status()).toBe('resetting');
    expect(phone.state).toMatchObject({ apps: [], files: [], clipboard: '', notes: '', screenStack: ['launcher'] });
    expect(phone.state.identity).toEqual(identity);
    expect(phone.state.display).toEqual(DISPLAY_PRESETS[1]);
    expect(phone.state.root).toBe(true);
    clock.advance(TASK_DURATION_MS.reset - 1);
    expect(phone.status()).toBe('resetting');
    clock.advance(1);
    expect(fleet.task(task.id)?.status).toBe('success');
    expect(phone.status()).toBe('online');
  });

  it('makes a new machine: a new identity of another model, Luhn-valid, and wiped data', () => {
    const phone = onlinePhone();
    fillUserData(phone);
    const before = { ...phone.state.identity };
    finish(fleet.newMachine(phone.instanceNo));
    const after = phone.state.identity;
    expect(after.model).not.toBe(before.model);
    expect(after.imei).not.toBe(before.imei);
    expect(after.serial).not.toBe(before.serial);
    expect(after.androidId).not.toBe(before.androidId);
    expect(isLuhnValid(after.imei)).toBe(true);
    expect(after.imei.slice(0, 8)).toBe(HANDSETS.find((h) => h.model === after.model)?.tac);
    expect(phone.state).toMatchObject({ apps: [], files: [], clipboard: '', notes: '' });
  });

  it('sets the resolution, restarting the phone', () => {
    const phone = onlinePhone();
    const task = fleet.setResolution(phone.instanceNo, DISPLAY_PRESETS[3]);
    expect(phone.status()).toBe('restarting');
    expect(phone.state.display).toEqual(DISPLAY_PRESETS[3]);
    finish(task);
    expect(phone.status()).toBe('online');
  });

  it('sets a catalogue model, keeping the user data', () => {
    const phone = onlinePhone();
    fillUserData(phone);
    const target = HANDSETS.find((h) => h.model !== phone.state.identity.model)!;
    finish(fleet.setModel(phone.instanceNo, target.manufacturer, target.model));
    expect(phone.state.identity).toMatchObject({
      manufacturer: target.manufacturer,
      brand: target.brand,
      model: target.model,
    });
    expect(phone.state.identity.imei.startsWith(target.tac)).toBe(true);
    expect(phone.state.notes).toBe('my notes');
  });
});

describe('refused operations', () => {
  it('fails setting an unknown model, with a reason, leaving the phone as it was', () => {
    const phone = onlinePhone();
    const before = structuredClone(phone.state);
    const task = fleet.setModel(phone.instanceNo, 'samsung', 'NO-SUCH-MODEL');
    expect(fleet.task(task.id)).toMatchObject({ taskId: task.id, status: 'failed', reason: 'unknown model' });
    expect(phone.state).toEqual(before);
    expect(phone.status()).toBe('online');
  });

  it('fails every operation on a phone in maintenance, with a reason, state untouched', () => {
    const phone = onlinePhone();
    fillUserData(phone);
    fleet.setOperatorState(phone.instanceNo, 'maintenance');
    expect(phone.status()).toBe('maintenance');
    const before = structuredClone(phone.state);
    const no = phone.instanceNo;
    const tasks = [
      fleet.reboot(no),
      fleet.reset(no),
      fleet.newMachine(no),
      fleet.setResolution(no, DISPLAY_PRESETS[2]),
      fleet.setModel(no, HANDSETS[1]!.manufacturer, HANDSETS[1]!.model),
      fleet.setRoot(no, true),
      fleet.pushFile(no, { name: 'x.txt', size: 1, time: clock.now() }),
    ];
    for (const task of tasks) {
      expect(fleet.task(task.id), task.kind).toMatchObject({ status: 'failed', reason: 'device is maintenance' });
    }
    expect(phone.state).toEqual(before);
    expect(phone.status()).toBe('maintenance');

    fleet.setOperatorState(no, null);
    expect(fleet.task(fleet.reboot(no).id)?.status).toBe('running');
  });

  it('fails an operation while the phone restarts, without wiping anything', () => {
    const phone = onlinePhone();
    fillUserData(phone);
    fleet.reboot(phone.instanceNo);
    const before = structuredClone(phone.state);
    const reset = fleet.reset(phone.instanceNo);
    expect(fleet.task(reset.id)).toMatchObject({ status: 'failed', reason: 'device is restarting' });
    expect(phone.state).toEqual(before);
    expect(phone.state.notes).toBe('my notes');
  });

  it('fails an operation on a phone that is still booting', () => {
    const phone = fleet.create();
    const task = fleet.reboot(phone.instanceNo);
    expect(fleet.task(task.id)).toMatchObject({ status: 'failed', reason: 'device is booting' });
  });
});

describe('input', () => {
  it('ignores taps while booting, then the same tap opens Settings once online', () => {
    const phone = fleet.create();
    phone.tap(SETTINGS_ICON.x, SETTINGS_ICON.y);
    expect(phone.state.screenStack).toEqual(['launcher']);
    clock.advance(BOOT_MS);
    phone.tap(SETTINGS_ICON.x, SETTINGS_ICON.y);
    expect(phone.state.screenStack).toEqual(['launcher', 'settings']);
  });

  it('ignores text and keys while restarting', () => {
    const phone = onlinePhone();
    fleet.reboot(phone.instanceNo);
    phone.open('notes');
    phone.typeText('lost');
    phone.key('home');
    expect(phone.state.notes).toBe('');
    expect(phone.state.screenStack).toEqual(['launcher', 'notes']);
    clock.advance(TASK_DURATION_MS.reboot);
    phone.typeText('kept');
    expect(phone.state.notes).toBe('kept');
  });
});

describe('the idle game', () => {
  it('mines gold with wall-clock time, with nothing ticking', () => {
    const phone = onlinePhone();
    phone.open('game');
    const version = phone.version;
    const started = phone.state.gameStartedAt;
    const goldNow = goldMined(started, clock.now());
    clock.advance(60 * 60_000);
    const goldLater = goldMined(phone.state.gameStartedAt, clock.now());
    expect(goldLater - goldNow).toBeGreaterThanOrEqual(5399); // 1.5 gold a second for an hour
    expect(goldLater - goldNow).toBeLessThanOrEqual(5401);
    expect(phone.version).toBe(version);
    expect(phone.state.gameStartedAt).toBe(started);
  });

  /** The knob's middle, as shares of the screen: the mean of its gold pixels below the Mine button. */
  function knobAt(phone: VirtualPhone): { x: number; y: number } {
    const canvas = phone.render(360, true);
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(KNOB_COLOR.slice(i, i + 2), 16));
    let [sx, sy, n] = [0, 0, 0];
    for (let y = Math.floor(height * 0.6); y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (Math.abs(pixels[i]! - r!) + Math.abs(pixels[i + 1]! - g!) + Math.abs(pixels[i + 2]! - b!) < 30) {
          sx += x;
          sy += y;
          n++;
        }
      }
    return { x: sx / n / width, y: sy / n / height };
  }

  it('adds gold a tap of Mine, kept with the game into another phone', () => {
    const phone = onlinePhone();
    phone.open('game');
    const before = goldOf(phone.state, clock.now());
    // The Mine button lies above the pad, across the middle.
    const mine = { x: 0.5, y: 0.6 };
    const found = [0.5, 0.55, 0.6, 0.65].find((y) => {
      phone.tap(mine.x, y);
      return goldOf(phone.state, clock.now()) > before;
    });
    expect(found).toBeDefined();
    expect(goldOf(phone.state, clock.now())).toBe(before + MINE_GOLD);
    const other = onlinePhone();
    applyUserData(other.state, takeUserData(phone.state, clock.now()), clock.now());
    expect(goldOf(other.state, clock.now())).toBe(goldOf(phone.state, clock.now()));
  });

  it('draws the pad’s knob where a finger on it is pushed, and back in the middle once it lets go', () => {
    const phone = onlinePhone();
    phone.open('game');
    const rest = knobAt(phone);
    phone.touch('down', 1, rest.x, rest.y);
    phone.touch('move', 1, rest.x + 0.2, rest.y);
    const pushed = knobAt(phone);
    expect(pushed.x).toBeGreaterThan(rest.x + 0.05);
    expect(Math.abs(pushed.y - rest.y)).toBeLessThan(0.01);
    phone.touch('up', 1, rest.x + 0.2, rest.y);
    expect(knobAt(phone).x).toBeCloseTo(rest.x, 2);
  });
});
