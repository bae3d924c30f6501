/**
 * bench/network — the phone stream on a slow mobile link (issue 57): a standalone host's phone watched
 * through a throttling relay on loopback (`e2e/support/throttle-relay.ts`: a token bucket with a router's
 * queue, delay each way and loss), by a viewer that confirms each frame as the player does, tapping a
 * change of screen every `--tap-ms` (by default more than 1 Mbit/s of video: the live edge at work). For each
 * link it prints tap → frame p95 in the first and the last minute, the longest stall (the longest a change
 * waited to show), how far behind the phone a frame ever arrived (arrival −
 * capture) and of that what waited in queues (less the least), the host's skips a minute, and the
 * frames and key frames received.
 *
 * `--step 8000,1000,8000` steps one link instead (issue 58), `--step-seconds` each, for "auto" and for a
 * definition kept (`--fixed`): the video's bitrate each second (by capture time: what the host sent
 * for the link) against the link, how long after the drop it stayed ≤ 0.9× the link, how long after the
 * recovery it was back at ≥ 80 % of where it was before the drop, the longest stall and the rungs it
 * moved through. Writes bench/results/network.json.
 *
 *   npx tsx bench/network.ts [--minutes 2] [--kbps 1000,3000] [--delay 40] [--loss 0.002]
 *                            [--definition auto] [--tap-ms 150]
 *   npx tsx bench/network.ts --step 8000,1000,8000 [--step-seconds 20] [--fixed sd]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { FrameKind, type HostMessage } from '@cloudphone/contracts/stream';
import { hostApi, startHost, type HostProcess } from './support/host-process';
import { percentile } from './support/stats';
import { streamUrl } from './support/stream-client';
import { startRelay, type LinkShape } from '@cloudphone/e2e/throttle-relay';
import { answerMs, stepFigures, type Arrival } from './support/link-step';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '2' },
    kbps: { type: 'string', default: '1000,3000' },
    delay: { type: 'string', default: '40' },
    loss: { type: 'string', default: '0.002' },
    definition: { type: 'string', default: 'auto' },
    'tap-ms': { type: 'string', default: '150' },
    step: { type: 'string' },
    'step-seconds': { type: 'string', default: '20' },
    fixed: { type: 'string', default: 'sd' },
  },
});
const MINUTES = Number(values.minutes);
const TAP_MS = Number(values['tap-ms']);
const root = resolve(import.meta.dirname, '..');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Every tap changes the screen: Settings from home, then home again through the gesture bar.
const tap = (i: number) => (i % 2 === 0 ? { type: 'tap', x: 0.125, y: 0.347 } : { type: 'tap', x: 0.5, y: 0.975 });

/**
 * Watches the phone through the link, tapping, for each phase's seconds at its rate (the run's minutes
 * at the link's own by default); what arrived and when, and the rungs the stream was at.
 */
async function watchThrough(
  host: HostProcess,
  instanceNo: string,
  link: LinkShape,
  phases = [{ kbps: link.kbps, seconds: MINUTES * 60 }],
  definition = values.definition,
) {
  const relay = await startRelay({ host: '127.0.0.1', port: Number(new URL(host.url).port) }, link);
  const url = streamUrl(host, instanceNo, { codec: 'h264', definition }).replace(/:\d+\//, `:${relay.port}/`);
  const socket = new WebSocket(url);
  const arrivals: Arrival[] = [];
  const skips: number[] = [];
  const rungs: { at: number; rung: string }[] = [];
  let received = 0;
  let probes = 0;
  socket.on('message', (data: Buffer, binary) => {
    if (!binary) {
      const message = JSON.parse(data.toString()) as HostMessage;
      if (message.type === 'link' && message.skipping) skips.push(Date.now());
      if (message.type === 'config') rungs.push({ at: Date.now(), rung: message.rung ?? `${message.width}w` });
      return;
    }
    // Confirmed as the player does, with when it arrived; a probe is no video.
    socket.send(JSON.stringify({ type: 'received', frames: ++received, at: performance.now() }));
    if (data[0] === FrameKind.probe) return void probes++;
    arrivals.push({
      at: Date.now(),
      bytes: data.length,
      capturedAt: data.readDoubleLE(1),
      key: data[0] === FrameKind.h264Key,
    });
  });
  await new Promise((resolveOpen, reject) => socket.once('open', resolveOpen).once('error', reject));
  await pause(2_000);
  const start = Date.now();
  const taps: number[] = [];
  const phaseStarts: number[] = [];
  for (const phase of phases) {
    link.kbps = phase.kbps;
    phaseStarts.push(Date.now());
    const end = Date.now() + phase.seconds * 1000;
    for (let i = taps.length; Date.now() < end; i++) {
      taps.push(Date.now());
      socket.send(JSON.stringify(tap(i)));
      await pause(TAP_MS);
    }
  }
  await pause(2_000);
  socket.close();
  await relay.stop();
  return { start, taps, arrivals: arrivals.filter((a) => a.at >= start), skips, rungs, phaseStarts, probes };
}

type Watched = Awaited<ReturnType<typeof watchThrough>>;

/** The figures of one link. */
function figures(watched: Watched) {
  const { start, taps, arrivals, skips } = watched;
  const answer = (t: number) => answerMs(watched, t);
  const inMinute = (from: number) =>
    taps
      .filter((t) => t >= from && t < from + 60_000)
      .map(answer)
      .filter((ms) => !Number.isNaN(ms));
  const behind = arrivals.map((a) => a.at - a.capturedAt);
  const answers = taps.map(answer).filter((ms) => !Number.isNaN(ms));
  const lastMinute = start + (MINUTES - 1) * 60_000;
  return {
    tapP95FirstMinute: Math.round(percentile(inMinute(start), 95)),
    tapP95LastMinute: Math.round(percentile(inMinute(lastMinute), 95)),
    unanswered: taps.map(answer).filter((ms) => Number.isNaN(ms)).length,
    longestStallMs: Math.round(Math.max(0, ...answers)),
    mostBehindMs: Math.max(0, ...behind),
    mostQueuedMs: Math.max(0, ...behind) - Math.min(...behind),
    skipsPerMinute: Math.round((skips.filter((s) => s >= start).length / MINUTES) * 10) / 10,
    videoKbps: Math.round((arrivals.reduce((sum, a) => sum + a.bytes, 0) * 8) / 1000 / (MINUTES * 60)),
    frames: arrivals.length,
    keyFrames: arrivals.filter((a) => a.key).length,
  };
}

const links = values.kbps.split(',').map((kbps) => ({
  kbps: Number(kbps),
  delayMs: Number(values.delay),
  loss: Number(values.loss),
}));
console.log(
  `load before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const host = await startHost(1);
const [phone] = await hostApi<{ instanceNo: string }[]>(host, 'GET', '/host-api/instances');
await pause(4_000); // past booting
if (values.step) await stepRun(values.step.split(',').map(Number));
else await steadyRuns();
await host.stop();
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

/** One link stepped through its rates, watched at "auto" and at a definition kept. */
async function stepRun(rates: number[]): Promise<void> {
  const seconds = Number(values['step-seconds']);
  const phases = rates.map((kbps) => ({ kbps, seconds }));
  const link = { kbps: rates[0]!, delayMs: Number(values.delay), loss: Number(values.loss) };
  const results = [];
  for (const definition of ['auto', values.fixed]) {
    const result = {
      definition,
      ...stepFigures(await watchThrough(host, phone!.instanceNo, link, phases, definition), rates[1]!),
    };
    results.push(result);
    console.log(JSON.stringify(result));
  }
  console.log(
    `\nbench/network — link ${rates.map((r) => r / 1000).join(' → ')} Mbit/s, ${seconds} s each, a tap every ` +
      `${TAP_MS} ms, ${values.delay} ms each way, loss ${values.loss}\n`,
  );
  console.log(
    'definition | video before the drop | ≤ 0.9× link after the drop | slow-link video | back to ≥ 80 % after the recovery | longest stall (no frame) | slowest tap → frame | probes | rungs | video each second (kbit/s)',
  );
  for (const r of results)
    console.log(
      `${r.definition} | ${r.beforeKbps} kbit/s | ${r.downMs} ms | ${r.slowKbps} kbit/s | ${r.upMs} ms | ` +
        `${r.longestStallMs} ms | ${r.slowestTapMs} ms | ${r.probes} | ${r.rungs.join(' → ')} | ${r.perSecond.join(' ')}`,
    );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/network-step.json'), JSON.stringify({ rates, seconds, results }, null, 2));
}

async function steadyRuns(): Promise<void> {
  const results = [];
  for (const link of links) {
    const result = { link, ...figures(await watchThrough(host, phone!.instanceNo, link)) };
    results.push(result);
    console.log(JSON.stringify(result));
  }

  console.log(
    `\nbench/network — ${MINUTES} min a link, a tap every ${TAP_MS} ms, definition ${values.definition}, ` +
      `${values.delay} ms each way, loss ${values.loss}\n`,
  );
  console.log(
    'link | tap → frame p95, first minute | last minute | unanswered taps | longest stall | most behind | most queued | skips/min | video | frames (key)',
  );
  for (const r of results)
    console.log(
      `${r.link.kbps / 1000} Mbit/s | ${r.tapP95FirstMinute} ms | ${r.tapP95LastMinute} ms | ${r.unanswered} | ` +
        `${r.longestStallMs} ms | ${r.mostBehindMs} ms | ${r.mostQueuedMs} ms | ${r.skipsPerMinute} | ` +
        `${r.videoKbps} kbit/s | ${r.frames} (${r.keyFrames})`,
    );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/network.json'), JSON.stringify({ minutes: MINUTES, results }, null, 2));
}
