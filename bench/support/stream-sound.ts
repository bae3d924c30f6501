import type { Page } from 'playwright-core';
import { call } from './browser-viewer';
import { cpuShare, type HostProcess } from './host-process';
import { median } from './stats';

/** Presses of Home timed with the sound on (issue 59). */
const SOUND_PRESSES = 20;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * bench/stream's sound rows (issue 59): host CPU while Settings (its launcher icon at `settings`) and
 * Home alternate, sound off; then, sound on, Home is pressed from Settings — a click and the launcher —
 * and the page times the first frame drawn, the first sound decoded and when it plays; then the CPU
 * again with the sound on.
 */
export async function withSound(page: Page, host: HostProcess, settings: { x: number; y: number }) {
  const cpuSoundOff = await keysCpu(page, host, settings);
  await call(page, 'soundOn');
  await pause(300);
  const heard: { frameMs: number; soundMs: number; playsMs: number }[] = [];
  for (let i = 0; i < SOUND_PRESSES; i++) {
    await call(page, 'tap', settings.x, settings.y);
    await pause(300);
    heard.push(await call(page, 'keyHeardAndSeen', 'home'));
    await pause(100);
  }
  const cpuSoundOn = await keysCpu(page, host, settings);
  const whole = heard.filter((h) => !Number.isNaN(h.soundMs) && !Number.isNaN(h.frameMs));
  return {
    soundDecodedMs: median(whole.map((h) => h.soundMs)),
    soundPlaysMs: median(whole.map((h) => h.playsMs)),
    soundSkewMs: median(whole.map((h) => h.playsMs - h.frameMs)),
    soundUnheard: heard.length - whole.length,
    hostCpuSoundOff: cpuSoundOff,
    hostCpuSoundOn: cpuSoundOn,
  };
}

/** Host CPU while the viewer opens Settings and presses Home, five times a second (a click each). */
async function keysCpu(page: Page, host: HostProcess, settings: { x: number; y: number }): Promise<number> {
  const cpu = cpuShare(host.pid, 5000);
  for (let i = 0; i < 50; i++) {
    if (i % 2 === 0) await call(page, 'tap', settings.x, settings.y);
    else await call(page, 'key', 'home');
    await pause(100);
  }
  return cpu;
}
