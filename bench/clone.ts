/**
 * bench/clone — templates and clones as a user waits for them (issue 15), on loopback against the
 * real server with its embedded device host: the time from asking for a template until it is ready,
 * and from asking for a clone onto 10 phones until every phone has its result, each the median of
 * several runs. Baselines of the same run: the host's own snapshot task (what making a template
 * cannot beat) and a clone onto one phone (what cloning onto ten should stay near, as hosts work in
 * parallel). Prints a table and writes bench/results/clone.json.
 *
 *   npx tsx bench/clone.ts [--runs 5]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as deviceClone from '@cloudphone/contracts/endpoints/device/clone';
import * as mockModel from '@cloudphone/contracts/endpoints/device/phone-mock-model';
import * as template from '@cloudphone/contracts/endpoints/device/template';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { TASK_DURATION_MS } from '@cloudphone/device-host';
import { apiClient, type ApiClient } from '@cloudphone/e2e/api';
import { startServer } from '@cloudphone/e2e/stack';
import { median } from './support/stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const TARGETS = 10;
const POLL_MS = 50;
const root = resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ok<T>(reply: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const { code, msg, data } = await reply;
  if (code !== 0) throw new Error(`API answered ${code} ${msg}`);
  return data;
}

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await sleep(POLL_MS);
  }
}

async function allOnline(api: ApiClient, ids: readonly number[]): Promise<void> {
  for (const id of ids)
    await until(async () => {
      const { status } = await ok(api.call(userPhone.status, { query: { userPhoneId: id } }));
      return status === 'online' ? true : undefined;
    });
}

/** Milliseconds from asking for a template of `source` until it is ready. */
async function makeTemplate(api: ApiClient, source: number, run: number): Promise<{ ms: number; templateId: number }> {
  const started = performance.now();
  const { templateId } = await ok(api.call(template.create, { body: { userPhoneId: source, name: `bench ${run}` } }));
  await until(async () => {
    const page = await ok(api.call(template.page, { query: { pageSize: 100 } }));
    const state = page.list.find((t) => t.templateId === templateId)?.state;
    if (state === 'create_fail') throw new Error(`template ${templateId} failed`);
    return state === 'ready' ? true : undefined;
  });
  return { ms: performance.now() - started, templateId };
}

/** Milliseconds from asking for a clone onto `targets` until every phone has its result. */
async function clone(api: ApiClient, templateId: number, targets: readonly number[]): Promise<number> {
  const started = performance.now();
  const { cloneId } = await ok(api.call(deviceClone.create, { body: { templateId, userPhoneIds: [...targets] } }));
  const record = await until(async () => {
    const page = await ok(api.call(deviceClone.page, { query: { pageSize: 100 } }));
    const found = page.list.find((c) => c.cloneId === cloneId);
    return found && found.state !== 'cloning' ? found : undefined;
  });
  if (record.state !== 'success') throw new Error(`clone ${cloneId} ended ${record.state}`);
  return performance.now() - started;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-bench-clone-'));
const server = await startServer(dataDir, { LOG_LEVEL: 'warn' });
try {
  // Room for every run: the limits of spec §9 would stop a benchmark, not a user.
  for (const [key, value] of [
    ['template.user.max', 100],
    ['template.day.count', 100],
    ['clone.user.day.count', 10_000],
    ['clone.batch.count', TARGETS],
  ] as const)
    await server.admin('config:set', '--tenant', '1', '--key', key, '--value', String(value));
  await server.admin(
    'phone:give',
    '--client-no',
    'demo',
    '--mobile',
    '13800000000',
    '--count',
    String(TARGETS),
    '--days',
    '30',
  );
  const api = await apiClient(server.baseUrl);
  const phones = await ok(api.call(userPhone.list, { query: { pageSize: 100 } }));
  const [source, ...rest] = phones.list.map((p) => p.userPhoneId);
  const targets = rest.slice(0, TARGETS);
  // Every target passes for the source's handset: the same Android version, as a clone needs.
  await allOnline(api, [source!, ...targets]);
  const model = await ok(api.call(mockModel.current, { query: { userPhoneId: source } }));
  for (const id of targets) await ok(api.call(mockModel.mock, { body: { userPhoneId: id, ...model } }));
  await allOnline(api, targets);

  const templateMs: number[] = [];
  const cloneTenMs: number[] = [];
  const cloneOneMs: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const made = await makeTemplate(api, source!, run);
    templateMs.push(made.ms);
    cloneOneMs.push(await clone(api, made.templateId, targets.slice(0, 1)));
    await allOnline(api, targets);
    cloneTenMs.push(await clone(api, made.templateId, targets));
    await allOnline(api, targets);
    await ok(api.call(template.delete, { query: { templateId: made.templateId } }));
    console.log(
      `run ${run}: template ${made.ms.toFixed(0)} ms, clone onto 1 ${cloneOneMs.at(-1)!.toFixed(0)} ms, onto ${TARGETS} ${cloneTenMs.at(-1)!.toFixed(0)} ms`,
    );
  }

  const figures = {
    runs: RUNS,
    templateMs: median(templateMs),
    hostSnapshotTaskMs: TASK_DURATION_MS.snapshot,
    cloneTenMs: median(cloneTenMs),
    cloneOneMs: median(cloneOneMs),
    hostApplyTaskMs: TASK_DURATION_MS['apply-snapshot'],
  };
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(`\nbench/clone — ${RUNS} runs, loopback, embedded device host (medians)\n`);
  console.log(['measure', 'median', 'baseline', 'ratio'].join(' | '));
  console.log(
    [
      'make a template (ask → ready)',
      `${figures.templateMs.toFixed(0)} ms`,
      `host snapshot task ${figures.hostSnapshotTaskMs} ms`,
      ratio(figures.templateMs, figures.hostSnapshotTaskMs),
    ].join(' | '),
  );
  console.log(
    [
      `clone onto ${TARGETS} phones (ask → every result)`,
      `${figures.cloneTenMs.toFixed(0)} ms`,
      `onto 1 phone ${figures.cloneOneMs.toFixed(0)} ms`,
      ratio(figures.cloneTenMs, figures.cloneOneMs),
    ].join(' | '),
  );
  console.log(
    [
      'clone onto 1 phone',
      `${figures.cloneOneMs.toFixed(0)} ms`,
      `host apply task ${figures.hostApplyTaskMs} ms`,
      ratio(figures.cloneOneMs, figures.hostApplyTaskMs),
    ].join(' | '),
  );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/clone.json'),
    JSON.stringify({ ...figures, samples: { templateMs, cloneTenMs, cloneOneMs } }, null, 2),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
