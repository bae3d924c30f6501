import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameKind } from '@cloudphone/contracts/stream';
import { machineFfmpeg } from '../src/stream/ffmpeg';
import { FEED_LINGER_MS } from '../src/stream/screen-feed';
import { startTestHost, TestViewer, type TestHost } from './support';

let test: TestHost;
let clockNow: number;
beforeEach(async () => {
  clockNow = Date.now();
  test = await startTestHost({ now: () => clockNow });
});
afterEach(async () => {
  await test.app.close();
});

function onlinePhone() {
  const phone = test.host.fleet.create();
  clockNow += 3_001; // past booting
  return phone;
}

const wsUrl = (path: string) => test.url.replace('http', 'ws') + path;

describe('the phone stream', () => {
  it.each(['jpeg', ...(machineFfmpeg() ? ['h264'] : [])])(
    'sends a %s config, then frames; a tap on Settings then About phone shows it',
    async (codec) => {
      const phone = onlinePhone();
      const { accessKey } = test.key(phone.instanceNo);
      const viewer = new TestViewer(
        wsUrl(`/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=${codec}&definition=smooth`),
      );
      await viewer.until(() => viewer.frames.length > 0);
      expect(viewer.messages[0]).toMatchObject({ type: 'status', status: 'online' });
      expect(viewer.messages.find((m) => m.type === 'config')).toMatchObject({
        codec,
        width: 360,
        height: 640,
        permission: 'control',
      });
      expect(viewer.frames[0]?.kind).toBe(codec === 'jpeg' ? FrameKind.jpeg : FrameKind.h264Key);

      viewer.send({ type: 'tap', x: 0.125, y: 0.347 }); // the Settings icon
      await viewer.until(() => phone.state.screenStack.at(-1) === 'settings');
      const framesBefore = viewer.frames.length;
      viewer.send({ type: 'tap', x: 0.5, y: 116 / 640 }); // "About phone", the first row
      await viewer.until(() => phone.state.screenStack.at(-1) === 'about');
      await viewer.until(() => viewer.frames.length > framesBefore);
      viewer.close();
    },
  );

  it('turns the display when asked: a new config says landscape, the frame keeps its size, taps land where the user sees them', async () => {
    const phone = onlinePhone();
    const { accessKey } = test.key(phone.instanceNo);
    const viewer = new TestViewer(
      wsUrl(`/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=jpeg&definition=smooth`),
    );
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send({ type: 'rotate', orientation: 'landscape' });
    const configs = () => viewer.messages.filter((m) => m.type === 'config');
    await viewer.until(() => configs().length === 2);
    expect(configs().map((m) => m.type === 'config' && [m.orientation, m.width, m.height])).toEqual([
      ['portrait', 360, 640],
      ['landscape', 360, 640],
    ]);
    // Settings, the first icon of the landscape home screen: 640 wide, 7 columns of 91 px, icons 194 px down.
    viewer.send({ type: 'tap', x: 45 / 640, y: 222 / 360 });
    await viewer.until(() => phone.state.screenStack.at(-1) === 'settings');
    // A screenshot is what the user sees: landscape.
    const png = phone.screenshotPng();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      phone.state.display.height,
      phone.state.display.width,
    ]);
    viewer.close();
  });

  it('sends nothing more while the screen does not change', async () => {
    const phone = onlinePhone();
    const viewer = new TestViewer(
      wsUrl(`/stream/${phone.instanceNo}?accessKey=${test.key(phone.instanceNo).accessKey}&codec=jpeg`),
    );
    await viewer.until(() => viewer.frames.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(viewer.frames).toHaveLength(1);
    viewer.close();
  });

  it('ignores input from a view-only key but still shows the screen', async () => {
    const phone = onlinePhone();
    const { accessKey } = test.key(phone.instanceNo, { permission: 'view' });
    const viewer = new TestViewer(wsUrl(`/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=jpeg`));
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send({ type: 'tap', x: 0.125, y: 0.347 });
    viewer.send({ type: 'clipboard-set', text: 'nope' });
    await new Promise((r) => setTimeout(r, 200));
    expect(phone.state.screenStack).toEqual(['launcher']);
    expect(phone.clipboard).toBe('');
    viewer.close();
  });

  it('refuses a key for another instance, an expired key and a forged one', async () => {
    const phone = onlinePhone();
    const other = onlinePhone();
    for (const accessKey of [
      test.key(other.instanceNo).accessKey,
      test.key(phone.instanceNo, { ttlMs: -1 }).accessKey,
      `${test.key(phone.instanceNo).accessKey}x`,
    ]) {
      const viewer = new TestViewer(wsUrl(`/stream/${phone.instanceNo}?accessKey=${encodeURIComponent(accessKey)}`));
      await viewer.until(() => viewer.closeCode !== undefined);
      expect(viewer.closeCode).toBe(4001);
      expect(viewer.frames).toHaveLength(0);
    }
  });

  it('closes the streams of a revoked user and refuses their key from then on', async () => {
    const phone = onlinePhone();
    const { accessKey } = test.key(phone.instanceNo, { userId: 7 });
    const viewer = new TestViewer(wsUrl(`/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=jpeg`));
    await viewer.until(() => viewer.frames.length > 0);
    test.host.revoke(phone.instanceNo, 7);
    await viewer.until(() => viewer.closeCode !== undefined);
    expect(viewer.messages).toContainEqual({ type: 'closed', reason: 'revoked' });
    const again = new TestViewer(wsUrl(`/stream/${phone.instanceNo}?accessKey=${accessKey}`));
    await again.until(() => again.closeCode !== undefined);
    expect(again.closeCode).toBe(4001);
  });

  it('closes a stream when its key runs out with the phone’s time', async () => {
    const phone = onlinePhone();
    const { accessKey } = test.key(phone.instanceNo, { ttlMs: 60_000 });
    const viewer = new TestViewer(wsUrl(`/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=jpeg`));
    await viewer.until(() => viewer.frames.length > 0);
    clockNow += 60_001;
    await viewer.until(() => viewer.closeCode !== undefined);
    expect(viewer.messages).toContainEqual({ type: 'closed', reason: 'expired' });
  });

  it('passes clipboard both ways and pastes into Notes', async () => {
    const phone = onlinePhone();
    const viewer = new TestViewer(
      wsUrl(`/stream/${phone.instanceNo}?accessKey=${test.key(phone.instanceNo).accessKey}&codec=jpeg`),
    );
    await viewer.until(() => viewer.frames.length > 0);
    viewer.send({ type: 'clipboard-set', text: 'hello from the page' });
    await viewer.until(() => phone.clipboard === 'hello from the page');
    viewer.send({ type: 'tap', x: 0.625, y: 0.347 }); // Notes
    await viewer.until(() => phone.state.screenStack.at(-1) === 'notes');
    viewer.send({ type: 'text', text: 'typed ' });
    viewer.send({ type: 'key', key: 'paste' });
    await viewer.until(() => phone.state.notes === 'typed hello from the page');
    viewer.send({ type: 'clipboard-get' });
    await viewer.until(() => viewer.messages.some((m) => m.type === 'clipboard' && m.text === 'hello from the page'));
    viewer.close();
  });
});

describe.runIf(machineFfmpeg())('one encoder per phone (issue 27)', () => {
  /** Decodes an Annex-B stream with ffmpeg: how many pictures came out, and what it complained of. */
  function decode(frames: { payload: Buffer }[]): { pictures: number; errors: string } {
    const out = spawnSync(machineFfmpeg()!.path, ['-v', 'error', '-f', 'h264', '-i', '-', '-f', 'framemd5', '-'], {
      input: Buffer.concat(frames.map((f) => f.payload)),
      encoding: 'utf8',
    });
    return { pictures: out.stdout.split('\n').filter((l) => /^0,/.test(l)).length, errors: out.stderr };
  }

  it('streams one phone to two viewers from one encoder; the one who joins late decodes from its first frame on', async () => {
    const phone = onlinePhone();
    const url = () =>
      wsUrl(`/stream/${phone.instanceNo}?accessKey=${test.key(phone.instanceNo).accessKey}&definition=smooth`);
    const first = new TestViewer(url());
    await first.until(() => first.frames.length > 0);
    first.send({ type: 'tap', x: 0.125, y: 0.347 }); // Settings: a delta frame
    await first.until(() => first.frames.some((f) => f.kind === FrameKind.h264Delta));

    const late = new TestViewer(url());
    await late.until(() => late.frames.length > 0);
    expect(late.messages.find((m) => m.type === 'config')).toMatchObject({ codec: 'h264', width: 360 });
    expect(late.frames[0]?.kind).toBe(FrameKind.h264Key);
    late.send({ type: 'key', key: 'back' });
    await late.until(() => late.frames.length > 1);
    // The late viewer started from the feed's cached frames (key frame first); its "back" reached both.
    await first.until(() => first.frames.length >= 3);
    expect(test.host.feeds.encodersInUse).toBe(1);

    expect(decode(late.frames)).toEqual({ pictures: late.frames.length, errors: '' });
    expect(decode(first.frames)).toEqual({ pictures: first.frames.length, errors: '' });
    first.close();
    late.close();
    // The feed stays a moment for a viewer who comes back, then lets its encoder go.
    await first.until(() => test.host.feeds.encodersInUse === 0, FEED_LINGER_MS + 2000);
  }, 15_000);

  it('has an encoder ready for its phones’ default definition once started, before anyone watches', async () => {
    await test.app.close();
    test = await startTestHost({ now: () => clockNow }, { prepareStreamsAfterMs: 50 });
    const phone = onlinePhone();
    onlinePhone(); // the same screen: no second spare
    test.host.fleet.create({ display: { width: 1080, height: 2400, dpi: 440 } });
    test.host.startTasks();
    const ready = () => test.host.feeds.spareEncoders.map(({ width, height }) => `${width}x${height}`).sort();
    expect(ready()).toEqual([]); // not while the host starts
    await vi.waitFor(() => expect(ready()).toEqual(['720x1280', '720x1600']), { timeout: 5000 });
    expect(test.host.feeds.encodersInUse).toBe(0);

    // The first viewer, at the default definition, takes the spare: its first frame is a key frame.
    const viewer = new TestViewer(
      wsUrl(`/stream/${phone.instanceNo}?accessKey=${test.key(phone.instanceNo).accessKey}`),
    );
    await viewer.until(() => viewer.frames.length > 0);
    expect(viewer.frames[0]?.kind).toBe(FrameKind.h264Key);
    // Ahead of it, a half-size JPEG of the screen, while the encoder made its first key frame (issue 58).
    expect(viewer.kinds.slice(0, 2)).toEqual([FrameKind.jpeg, FrameKind.h264Key]);
    expect([...viewer.besides[0]!.payload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(test.host.feeds.encodersInUse).toBe(1);
    // A spare of that shape is there again for the next phone watched.
    await viewer.until(() => ready().length === 2);
    viewer.close();
  });
});

describe('the preview channel for grids', () => {
  it('sends a small picture of each subscribed phone over one socket, and refuses a bad key', async () => {
    const phones = [onlinePhone(), onlinePhone(), onlinePhone()];
    const viewer = new TestViewer(wsUrl('/stream/previews'));
    await viewer.opened();
    viewer.send({
      type: 'previews',
      accessKeys: [...phones.map((p) => test.key(p.instanceNo).accessKey), 'forged.key'],
      width: 120,
    });
    await viewer.until(() => viewer.frames.length >= 3);
    expect(viewer.frames.every((f) => f.kind === FrameKind.preview)).toBe(true);
    expect(viewer.messages).toContainEqual({ type: 'preview-refused', index: 3, reason: 'invalid' });
    expect(viewer.messages.filter((m) => (m as { type: string }).type === 'preview-status')).toHaveLength(3);
    // Nothing changes on screen: nothing more is sent.
    const sent = viewer.frames.length;
    await new Promise((r) => setTimeout(r, 1300));
    expect(viewer.frames).toHaveLength(sent);
    viewer.close();
  });
});
