import { afterEach, beforeEach, expect, it } from 'vitest';
import { clientMessageSchema, FrameKind, PHONE_SOUND } from '@cloudphone/contracts/stream';
import { streamFrame } from '../src/stream/feed-viewer';
import { machineFfmpeg } from '../src/stream/ffmpeg';
import { startTestHost, TestViewer, type TestHost } from './support';

let test: TestHost;
beforeEach(async () => {
  test = await startTestHost();
});
afterEach(async () => {
  await test.app.close();
});

/** A booted phone's stream, as a viewer opens it. */
async function watch() {
  const phone = test.host.fleet.create();
  await new Promise((resolve) => setTimeout(resolve, 3_100)); // past booting
  const { accessKey } = test.key(phone.instanceNo);
  const viewer = new TestViewer(`${test.url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}`);
  await viewer.until(() => viewer.frames.length > 0);
  return viewer;
}

it('round-trips the audio switch and an Opus frame through the stream contract (issue 59)', () => {
  expect(clientMessageSchema.parse({ type: 'audio', on: true })).toEqual({ type: 'audio', on: true });
  const frame = streamFrame(FrameKind.opus, 1234.5, Buffer.from([0xfc, 1, 2]));
  expect([frame[0], frame.readDoubleLE(1), [...frame.subarray(9)]]).toEqual([FrameKind.opus, 1234.5, [0xfc, 1, 2]]);
});

it.runIf(machineFfmpeg())(
  'codes a phone’s sound only while someone listens: a Home press is heard by a viewer with audio on, not by one with it off',
  async () => {
    const listener = await watch();
    expect(listener.messages.find((m) => m.type === 'config')).toMatchObject({ audio: PHONE_SOUND });
    expect(test.host.feeds.soundEncodersInUse).toBe(0); // no listener, no encoder
    listener.send({ type: 'audio', on: true });
    await listener.until(() => test.host.feeds.soundEncodersInUse === 1);
    const pressedAt = Date.now();
    listener.send({ type: 'key', key: 'home' });
    await listener.until(() => listener.sounds.length > 0);
    // Stamped when the click was made, on the host's clock.
    expect(listener.sounds[0]!.at).toBeGreaterThanOrEqual(pressedAt - 50);
    const silent = listener.sounds.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listener.sounds.length).toBe(silent); // a silent phone sends nothing

    listener.send({ type: 'audio', on: false });
    await listener.until(() => test.host.feeds.soundEncodersInUse === 0);
    listener.send({ type: 'key', key: 'back' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listener.sounds.length).toBe(silent); // off: no audio bytes
    listener.close();
  },
  15_000,
);
