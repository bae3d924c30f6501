import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_POINTER_ID } from '@cloudphone/contracts/stream';
import { startTestHost, TestViewer, type TestHost } from './support';

let test: TestHost;
let now: number;
beforeEach(async () => {
  now = Date.now();
  test = await startTestHost({ now: () => now });
});
afterEach(async () => {
  await test.app.close();
});

function onlinePhone() {
  const phone = test.host.fleet.create();
  now += 3_001; // past booting
  return phone;
}

function viewerOf(instanceNo: string, permission: 'control' | 'view' = 'control'): TestViewer {
  const { accessKey } = test.key(instanceNo, { permission });
  return new TestViewer(`${test.url.replace('http', 'ws')}/stream/${instanceNo}?accessKey=${accessKey}&codec=jpeg`);
}

const focusMessages = (viewer: TestViewer) =>
  viewer.messages.filter((m) => m.type === 'input-focus').map((m) => m.type === 'input-focus' && m.focused);

describe('typing from the viewer (the local input method)', () => {
  it("tells the viewer when Notes' text field gains focus and when it loses it", async () => {
    const phone = onlinePhone();
    const viewer = viewerOf(phone.instanceNo);
    await viewer.until(() => viewer.frames.length > 0);
    expect(focusMessages(viewer)).toEqual([]);
    viewer.send({ type: 'tap', x: 0.625, y: 0.347 }); // Notes
    await viewer.until(() => focusMessages(viewer).length === 1);
    expect(focusMessages(viewer)).toEqual([true]);
    viewer.send({ type: 'text', text: '你好，世界' });
    viewer.send({ type: 'key', key: 'backspace' });
    viewer.send({ type: 'key', key: 'enter' });
    await viewer.until(() => phone.state.notes === '你好，世\n');
    viewer.send({ type: 'key', key: 'home' });
    await viewer.until(() => focusMessages(viewer).length === 2);
    expect(focusMessages(viewer)).toEqual([true, false]);
    viewer.close();
  });

  it('never raises the keyboard of a view-only viewer', async () => {
    const phone = onlinePhone();
    phone.open('notes');
    const viewer = viewerOf(phone.instanceNo, 'view');
    await viewer.until(() => viewer.frames.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(focusMessages(viewer)).toEqual([]);
    viewer.close();
  });
});

describe('the app in front (issue 65)', () => {
  it('tells a controlling viewer which package is in front as it changes, and a view-only one nothing', async () => {
    const phone = onlinePhone();
    const viewer = viewerOf(phone.instanceNo);
    const watcher = viewerOf(phone.instanceNo, 'view');
    const told = (v: TestViewer) => v.messages.flatMap((m) => (m.type === 'foreground' ? [m.packageName] : []));
    await viewer.until(() => told(viewer).length === 1);
    phone.open('game');
    await viewer.until(() => told(viewer).length === 2);
    expect(told(viewer)).toEqual(['com.android.launcher3', 'com.cloudphone.idlegame']);
    await watcher.until(() => watcher.frames.length > 0);
    expect(told(watcher)).toEqual([]);
    viewer.close();
    watcher.close();
  });
});

describe('scrolling', () => {
  /** A home screen with more apps than fit: 4 system apps and 24 installed, 7 rows of 4. */
  function phoneWithManyApps() {
    const phone = onlinePhone();
    phone.update((s) => {
      for (let i = 0; i < 24; i++)
        s.apps.push({
          packageName: `com.example.app${i}`,
          label: `App ${i}`,
          versionName: '1',
          icon: '#888888',
          installedAt: now,
        });
    });
    return phone;
  }
  // The middle of the 7th row's first icon, 822 px down a 640 px screen: out of reach until it scrolls.
  const lastRowY = 24 + 170 + 6 * 100 + 28;

  it('a scroll message scrolls the home screen: apps below come into reach of a tap', async () => {
    const phone = phoneWithManyApps();
    const viewer = viewerOf(phone.instanceNo);
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send({ type: 'scroll', x: 0.5, y: 0.5, dy: 0.4 }); // 256 px
    await viewer.until(() => viewer.frames.length > 1);
    viewer.send({ type: 'tap', x: 0.125, y: (lastRowY - 256) / 640 });
    await viewer.until(() => phone.state.screenStack.at(-1) === 'app:com.example.app20');
    viewer.close();
  });

  it('a swipe up scrolls too, and scrolling stops at the end of the content', async () => {
    const phone = phoneWithManyApps();
    phone.swipe(0.8, 0.2);
    phone.scroll(1);
    phone.scroll(1);
    const end = phone.version;
    phone.scroll(1); // already at the end: nothing changes
    expect(phone.version).toBe(end);
    phone.scroll(-1);
    phone.scroll(-1);
    phone.tap(0.625, 0.347); // back at the top: Notes where it always was
    expect(phone.state.screenStack.at(-1)).toBe('notes');
  });

  it('Notes grows with its text and follows the caret; its text scrolls back up', () => {
    const phone = onlinePhone();
    phone.open('notes');
    phone.typeText(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
    const atEnd = phone.render(360).encodeSync('png');
    phone.scroll(-1);
    expect(phone.render(360).encodeSync('png').equals(atEnd)).toBe(false);
  });
});

describe('the one input path (issue 20)', () => {
  const refusals = (viewer: TestViewer) => viewer.messages.filter((m) => m.type === 'refused');

  it('answers a tap on a locked phone with the refusal, and a view-only key’s tap too; nothing reaches the phone', async () => {
    const phone = onlinePhone();
    test.host.applyPhoneStates([
      {
        instanceNo: phone.instanceNo,
        version: 1,
        locks: [{ kind: 'cloning', holder: 'clone:1', expiresAt: now + 60_000 }],
      },
    ]);
    const viewer = viewerOf(phone.instanceNo);
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send({ type: 'tap', x: 0.625, y: 0.347 }); // Notes
    await viewer.until(() => refusals(viewer).length === 1);
    expect(refusals(viewer)).toEqual([{ type: 'refused', key: 'deviceCloning', message: 'tap' }]);
    expect(phone.state.screenStack).toEqual(['launcher']);

    const watcher = viewerOf(phone.instanceNo, 'view');
    await watcher.until(() => watcher.frames.length > 0);
    watcher.send({ type: 'key', key: 'home' });
    await watcher.until(() => refusals(watcher).length === 1);
    expect(refusals(watcher)).toEqual([{ type: 'refused', key: 'forbidden', message: 'key' }]);
    viewer.close();
    watcher.close();
  });
});

describe('touch pointers (issue 50)', () => {
  const touch = (action: 'down' | 'move' | 'up', id: number, x: number, y: number) =>
    ({ type: 'touch', action, id, x, y }) as const;

  it('lands two pointers held at once, and a pointer put down and lifted in place as a tap', async () => {
    const phone = onlinePhone();
    const viewer = viewerOf(phone.instanceNo);
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send(touch('down', 0, 0.2, 0.6));
    viewer.send(touch('down', 1, 0.8, 0.6));
    await viewer.until(() => phone.pointersDown().length === 2);
    expect(phone.pointersDown().sort()).toEqual([0, 1]);
    viewer.send(touch('up', 0, 0.2, 0.6));
    viewer.send(touch('up', 1, 0.8, 0.6));
    await viewer.until(() => phone.pointersDown().length === 0);
    viewer.send(touch('down', 2, 0.625, 0.347)); // Notes
    viewer.send(touch('up', 2, 0.625, 0.347));
    await viewer.until(() => phone.state.screenStack.at(-1) === 'notes');
    viewer.close();
  });

  it('keeps the fingers of two viewers driving one phone apart, though both name their pointer 0', async () => {
    const phone = onlinePhone();
    const [desk, pocket] = [viewerOf(phone.instanceNo), viewerOf(phone.instanceNo)];
    await desk.until(() => desk.frames.length > 0 && pocket.frames.length > 0);
    desk.send(touch('down', 0, 0.2, 0.6));
    pocket.send(touch('down', 0, 0.8, 0.6));
    await desk.until(() => phone.pointersDown().length === 2);
    desk.send(touch('up', 0, 0.2, 0.6));
    await desk.until(() => phone.pointersDown().length === 1);
    expect(phone.pointersDown()).toEqual([MAX_POINTER_ID + 1]);
    pocket.close();
    await desk.until(() => phone.pointersDown().length === 0);
    desk.close();
  });

  it('lets go of a pointer still down when its stream closes', async () => {
    const phone = onlinePhone();
    const viewer = viewerOf(phone.instanceNo);
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send(touch('down', 3, 0.5, 0.5));
    await viewer.until(() => phone.pointersDown().length === 1);
    viewer.close();
    await viewer.until(() => phone.pointersDown().length === 0);
  });

  it('lets go of a pointer left a second without a move', async () => {
    const phone = onlinePhone();
    const viewer = viewerOf(phone.instanceNo);
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send(touch('down', 4, 0.5, 0.5));
    await viewer.until(() => phone.pointersDown().length === 1);
    await viewer.until(() => phone.pointersDown().length === 0, 2_500);
    viewer.close();
  });

  it('replays a touch on a sync follower', () => {
    const [main, follower] = [onlinePhone(), onlinePhone()];
    const syncing = { kind: 'syncing', holder: 'sync-t', expiresAt: now + 60_000 };
    test.host.applyPhoneStates([
      {
        instanceNo: main.instanceNo,
        version: 1,
        locks: [syncing],
        sync: { syncId: 'sync-t', main: true, paused: false, peers: [] },
      },
      {
        instanceNo: follower.instanceNo,
        version: 1,
        locks: [syncing],
        sync: { syncId: 'sync-t', main: false, paused: false, peers: [] },
      },
    ]);
    const source = { role: 'owner', syncId: 'sync-t' } as const;
    expect(test.host.input.apply(main.instanceNo, source, touch('down', 0, 0.625, 0.347))).toBeNull();
    expect(follower.pointersDown()).toEqual([0]);
    expect(test.host.input.apply(main.instanceNo, source, touch('up', 0, 0.625, 0.347))).toBeNull();
    expect([main, follower].map((p) => p.state.screenStack.at(-1))).toEqual(['notes', 'notes']);
  });
});
