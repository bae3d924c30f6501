import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { FrameKind, type HostMessage } from '@cloudphone/contracts/stream';
import { machineFfmpeg } from '../src/stream/ffmpeg';
import { readSequenceParameters } from '../src/stream/h264-sps';
import { startTestHost, TestViewer, type TestHost } from './support';

// Issue 57: a viewer sees the phone as it is now, never a film of the past.
let test: TestHost;
/** The host's clock runs with the real one, ahead by what the test skips (a phone's boot). */
let ahead = 0;
beforeEach(async () => {
  ahead = 0;
  test = await startTestHost({ now: () => Date.now() + ahead });
});
afterEach(async () => {
  await test.app.close();
});

const codec = machineFfmpeg() ? 'h264' : 'jpeg';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Taps that each change the screen: Settings from home, then home through the gesture bar. */
const tap = (i: number) => (i % 2 === 0 ? { type: 'tap', x: 0.125, y: 0.347 } : { type: 'tap', x: 0.5, y: 0.975 });

async function watched() {
  const phone = test.host.fleet.create();
  ahead += 3_001; // past booting
  const { accessKey } = test.key(phone.instanceNo);
  return `${test.url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=${codec}&definition=smooth`;
}

it.runIf(codec === 'h264')(
  'streams H.264 that no decoder holds back: no frame reordered (its SPS says 0)',
  async () => {
    const viewer = new TestViewer(await watched());
    await viewer.until(() => viewer.frames.length > 0);
    const sps = readSequenceParameters(viewer.frames[0]!.payload);
    expect(sps).toMatchObject({ profileIdc: 66, levelIdc: 31, width: 360, height: 640, maxNumReorderFrames: 0 });
    viewer.close();
  },
);

/** A viewer that confirms each frame as the player does; what it receives, in order. */
function confirmingViewer(url: string) {
  const socket = new WebSocket(url);
  // Frames (their kind and capture time) and the host's word on the link.
  const seen: ({ frame: number; capturedAt: number } | { skipping: boolean })[] = [];
  let received = 0;
  socket.on('message', (data: Buffer, binary) => {
    if (!binary) {
      const message = JSON.parse(data.toString()) as HostMessage;
      if (message.type === 'link') seen.push({ skipping: message.skipping });
      return;
    }
    seen.push({ frame: data[0]!, capturedAt: data.readDoubleLE(1) });
    socket.send(JSON.stringify({ type: 'received', frames: ++received }));
  });
  const opened = new Promise((resolve) => socket.once('open', resolve));
  const raw = () => (socket as unknown as { _socket: Socket })._socket;
  return { socket, seen, opened, raw };
}

it('skips a viewer whose socket stops draining, then sends it a key frame made once it drained', async () => {
  const url = await watched();
  // Two viewers share the phone's feed: one keeps up, the other's network stalls.
  const steady = confirmingViewer(url);
  const stalled = confirmingViewer(url);
  await Promise.all([steady.opened, stalled.opened]);
  for (let i = 0; i < 6; i++) {
    steady.socket.send(JSON.stringify(tap(i)));
    await pause(120);
  }
  // It reads nothing while the screen keeps changing.
  stalled.raw().pause();
  for (let i = 0; i < 8; i++) {
    steady.socket.send(JSON.stringify(tap(i)));
    await pause(120);
  }
  const drainedAt = Date.now() + ahead;
  stalled.raw().resume();
  const { seen } = stalled;
  await vi.waitFor(() => expect(seen.some((s) => 'skipping' in s && !s.skipping)).toBe(true), { timeout: 3_000 });
  const skipped = seen.findIndex((s) => 'skipping' in s && s.skipping);
  expect(skipped).toBeGreaterThan(0);
  const next = seen.slice(skipped + 1).find((s) => 'frame' in s) as { frame: number; capturedAt: number };
  expect(next.frame).toBe(codec === 'h264' ? FrameKind.h264Key : FrameKind.jpeg);
  expect(next.capturedAt).toBeGreaterThanOrEqual(drainedAt);
  // The viewer that kept up was never skipped.
  expect(steady.seen.some((s) => 'skipping' in s)).toBe(false);
  steady.socket.close();
  stalled.socket.close();
}, 10_000);
