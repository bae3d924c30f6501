import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

/** Where the H.264 encoder came from: the operator's FFMPEG_PATH, the machine's PATH, or the npm package. */
export type FfmpegSource = 'configured' | 'system' | 'packaged';

export interface Ffmpeg {
  path: string;
  source: FfmpegSource;
  version: string;
}

/** The static ffmpeg (with libx264) that `@ffmpeg-installer/linux-x64` ships; an optional dependency for linux/x64. */
const PACKAGED = '@ffmpeg-installer/linux-x64';

/**
 * Finds an ffmpeg that can encode H.264 (libx264), so phone screens stream as H.264 on a machine
 * without a system ffmpeg (DESIGN §4). `FFMPEG_PATH` names the one to use and nothing else is tried;
 * otherwise the first `ffmpeg` on `PATH`, then the packaged one. Null: screens stream as JPEG.
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): Ffmpeg | null {
  if (env.FFMPEG_PATH) return probe(env.FFMPEG_PATH, 'configured');
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'ffmpeg');
    if (isFile(candidate)) return probe(candidate, 'system') ?? packagedFfmpeg();
  }
  return packagedFfmpeg();
}

let machine: Ffmpeg | null | undefined;

/** `findFfmpeg` for this process's environment, looked for once (every host of the process shares it). */
export function machineFfmpeg(): Ffmpeg | null {
  if (machine === undefined) machine = findFfmpeg();
  return machine;
}

/** One line for the start-up log: which encoder phone screens use. */
export function describeEncoder(ffmpeg: Ffmpeg | null): string {
  if (!ffmpeg) return 'phone screens stream as JPEG: no ffmpeg with libx264 found (set FFMPEG_PATH, or install ffmpeg)';
  const name = { configured: 'FFMPEG_PATH', system: 'the system', packaged: 'the packaged' }[ffmpeg.source];
  return `phone screens stream as H.264 with ${name} ffmpeg ${ffmpeg.version} (${ffmpeg.path})`;
}

function packagedFfmpeg(): Ffmpeg | null {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve(`${PACKAGED}/package.json`);
  } catch {
    return null; // not installed: another platform, or optional dependencies omitted
  }
  const path = join(dirname(manifest), 'ffmpeg');
  ensureExecutable(path);
  const found = probe(path, 'packaged');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  // The static build calls itself by a git revision; its package version (4.1.x) says more.
  return found && { ...found, version };
}

/** Runs `ffmpeg -encoders`: usable only when it starts and lists libx264. */
function probe(path: string, source: FfmpegSource): Ffmpeg | null {
  const encoders = spawnSync(path, ['-hide_banner', '-encoders'], { encoding: 'utf8', timeout: 10_000 });
  if (encoders.status !== 0 || !encoders.stdout.includes('libx264')) return null;
  const banner = spawnSync(path, ['-version'], { encoding: 'utf8', timeout: 10_000 }).stdout ?? '';
  return { path, source, version: /^ffmpeg version (\S+)/.exec(banner)?.[1] ?? 'unknown' };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The package marks its binary executable in a postinstall script; an install that skipped scripts may not have. */
function ensureExecutable(path: string): void {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    try {
      chmodSync(path, 0o755);
    } catch {
      // read-only install: probe() then finds it unusable
    }
  }
}
