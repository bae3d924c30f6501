import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualFleet as PhoneFleet } from '../src/drivers/virtual/virtual-fleet';
import { Painter } from '../src/drivers/virtual/painter';
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
afterEach(() => {
  store.close();
  vi.restoreAllMocks();
});

/** Every text the phone's screen shows now. */
function textsOnScreen(phone: VirtualPhone): string[] {
  const drawn = vi.spyOn(Painter.prototype, 'text');
  phone.render(360);
  const texts = drawn.mock.calls.map(([value]) => value);
  drawn.mockRestore();
  return texts;
}

// Tap points on a 720×1280 phone, as fractions of its screen.
const SETTINGS_ICON = { x: 0.125, y: 0.347 };
const LANGUAGE_ROW = { x: 0.5, y: 0.444 };
const CHINESE_ROW = { x: 0.5, y: 0.181 };

describe("the phone's system language (Settings → Language)", () => {
  it("speaks its owner's language from the start, in the launcher and Settings", () => {
    const phone = fleet.create({ language: 'en-US' });
    clock.advance(BOOT_MS);
    expect(textsOnScreen(phone)).toEqual(expect.arrayContaining(['Settings', 'Files', 'Notes', 'Idle Miner']));
    phone.tap(SETTINGS_ICON.x, SETTINGS_ICON.y);
    expect(textsOnScreen(phone)).toEqual(expect.arrayContaining(['Settings', 'About phone', 'Language', 'English']));
  });

  it('says what it is doing while it starts or restarts in its own language', () => {
    const phone = fleet.create({ language: 'zh-CN' });
    expect(textsOnScreen(phone)).toContain('正在开机…');
    clock.advance(BOOT_MS);
    fleet.reboot(phone.state.instanceNo);
    expect(textsOnScreen(phone)).toContain('正在重启…');
  });

  it('switches to Chinese from its own Settings, and keeps it through a restart and a reset', () => {
    const phone = fleet.create({ language: 'en-US' });
    clock.advance(BOOT_MS);
    phone.tap(SETTINGS_ICON.x, SETTINGS_ICON.y);
    phone.tap(LANGUAGE_ROW.x, LANGUAGE_ROW.y);
    expect(phone.state.screenStack.at(-1)).toBe('language');
    phone.tap(CHINESE_ROW.x, CHINESE_ROW.y);
    expect(phone.state.language).toBe('zh-CN');
    phone.back();
    expect(textsOnScreen(phone)).toEqual(expect.arrayContaining(['设置', '关于手机', '语言', '简体中文']));

    fleet.reset(phone.instanceNo);
    clock.advance(TASK_DURATION_MS.reset);
    expect(textsOnScreen(phone)).toEqual(expect.arrayContaining(['设置', '文件', '便签']));
    expect(new PhoneFleet(store, clock).get(phone.instanceNo)?.state.language).toBe('zh-CN');
  });

  it('speaks Chinese, the mobile default, when made for no one in particular', () => {
    const phone = fleet.create();
    clock.advance(BOOT_MS);
    phone.open('notes');
    expect(textsOnScreen(phone)).toEqual(expect.arrayContaining(['便签', '复制', '粘贴', '输入内容…']));
  });
});
