import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FrameKind } from '@cloudphone/contracts/stream';
import { findFfmpeg } from '../src/stream/ffmpeg';
import { startTestHost, TestViewer, type TestHost } from './support';

/** The packaged ffmpeg is an optional dependency for linux/x64 only. */
const packagedHere = process.platform === 'linux' && process.arch === 'x64';
const folders: string[] = [];
/** A PATH that holds no ffmpeg (a fresh machine), or one whose only ffmpeg is `ffmpeg`. */
function pathWith(ffmpeg?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cloudphone-path-'));
  folders.push(dir);
  if (ffmpeg) symlinkSync(ffmpeg, join(dir, 'ffmpeg'));
  return dir;
}
let test: TestHost | undefined;
afterEach(async () => {
  await test?.app.close();
  test = undefined;
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(packagedHere)('the H.264 encoder on a machine without a system ffmpeg', () => {
  it('uses the packaged ffmpeg 4.1 when PATH has none, and a system one on PATH before it', () => {
    const packaged = findFfmpeg({ PATH: pathWith() });
    expect(packaged).toMatchObject({ source: 'packaged', version: '4.1.0' });
    expect(findFfmpeg({ PATH: pathWith(packaged!.path) })).toMatchObject({ source: 'system' });
  });

  it('uses exactly the ffmpeg FFMPEG_PATH names, and streams JPEG when that one is unusable', () => {
    const packaged = findFfmpeg({ PATH: pathWith() })!;
    expect(findFfmpeg({ FFMPEG_PATH: packaged.path, PATH: '' })).toMatchObject({ source: 'configured' });
    expect(findFfmpeg({ FFMPEG_PATH: '/nonexistent/ffmpeg', PATH: pathWith(packaged.path) })).toBeNull();
  });

  it('streams H.264 key and delta frames with the packaged ffmpeg', async () => {
    let now = Date.now();
    test = await startTestHost({ now: () => now }, { ffmpeg: findFfmpeg({ PATH: pathWith() }) });
    const phone = test.host.fleet.create();
    now += 3_001; // past booting
    const { accessKey } = test.key(phone.instanceNo);
    const viewer = new TestViewer(
      `${test.url.replace('http', 'ws')}/stream/${phone.instanceNo}?accessKey=${accessKey}&codec=h264&definition=smooth`,
    );
    await viewer.until(() => viewer.frames.length > 0, 10_000);
    expect(viewer.messages.find((m) => m.type === 'config')).toMatchObject({ codec: 'h264' });
    expect(viewer.frames[0]?.kind).toBe(FrameKind.h264Key);
    viewer.send({ type: 'tap', x: 0.125, y: 0.347 }); // Settings: the picture changes, a delta frame follows
    await viewer.until(() => viewer.frames.some((f) => f.kind === FrameKind.h264Delta), 10_000);
    viewer.close();
  });
});
