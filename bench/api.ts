/**
 * bench/api — how fast the API answers a signed-in user (issue 34), on loopback against the real
 * server (`npm start`'s entry, LOG_LEVEL=warn, its embedded device host): the phone list of the demo
 * account (4 phones) and of an account with 1,000 phones (a page of 20), and a write (renaming a
 * phone), each loaded by autocannon in a process of its own with 50 connections. The baseline of the
 * same run is a Fastify hello-world, in a process of its own too. Each figure is the median of the
 * rounds: requests/s, p50 and p99 latency, and the ratio to hello-world; on SQLite, then on PostgreSQL
 * (when it answers at TEST_PG_URL) with its ratio to SQLite. Requests carry what the web app sends
 * (tenant, language, token, the XSRF cookie and header). Prints a table and writes
 * bench/results/api.json.
 *
 * `--scale` (issue 56) measures the lists instead, on the demo data and on a merchant's year of data
 * (`demo:scale`: 100,000 phones over 10,000 users, an account with 10,000 phones, a million orders,
 * messages and push records; seeded once and kept, bench/support/api-scale.ts): the phone list at
 * pages 1 and 500, the same list with its phones on a joined host, orders, messages and push records,
 * each beside the same call on data of the demo's size (the same set made small), all servers loaded in
 * turn in each round. Writes bench/results/api-scale.json.
 *
 *   npx tsx bench/api.ts [--rounds 3] [--seconds 5] [--connections 50] [--databases sqlite,postgres]
 *                        [--cpu-prof DIR]   (the server writes a CPU profile of each database's run there)
 *                        [--scale]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { catalogueCall, urlOf } from '@cloudphone/e2e/api';
import { freshDatabase, PG_URL, postgresAnswers } from '@cloudphone/e2e/postgres';
import { startServer, type ServerProcess } from '@cloudphone/e2e/stack';
import {
  browserHeaders,
  check,
  load,
  medianOf,
  startHelloWorld,
  type Figures,
  type Load,
  type Target,
} from './support/load';
import { demoListTargets, PAGE_SIZE, scaleStack, scaleTargets } from './support/api-scale';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    'cpu-prof': { type: 'string' },
    scale: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const WARM_UP_SECONDS = 2;
const MANY_PHONES = 1_000;
const BIG_ACCOUNT = { mobile: '13900000001', password: 'bench1234' };
const root = resolve(import.meta.dirname, '..');

/** The account with 1,000 phones on the demo data. */
async function giveManyPhones(server: ServerProcess): Promise<void> {
  await server.admin(
    'user:create',
    '--client-no',
    'demo',
    '--mobile',
    BIG_ACCOUNT.mobile,
    '--password',
    BIG_ACCOUNT.password,
  );
  await server.admin(
    'phone:give',
    '--client-no',
    'demo',
    '--mobile',
    BIG_ACCOUNT.mobile,
    '--count',
    String(MANY_PHONES),
    '--days',
    '30',
  );
}

/** The calls loaded on one server: the demo account's list, the big account's page, a rename. */
async function targetsOf(server: ServerProcess): Promise<Target[]> {
  await giveManyPhones(server);
  const demo = await browserHeaders(server);
  const big = await browserHeaders(server, BIG_ACCOUNT);
  const query = { pageSize: PAGE_SIZE };
  const demoList = await catalogueCall(server.baseUrl, demo)(userPhone.list, { query });
  const bigList = await catalogueCall(server.baseUrl, big)(userPhone.list, { query });
  if (demoList.code !== 0 || bigList.code !== 0) throw new Error(`phone list refused: ${demoList.msg} ${bigList.msg}`);
  if (bigList.data.total !== MANY_PHONES) throw new Error(`the big account has ${bigList.data.total} phones`);
  const renamed = demoList.data.list[0]!.userPhoneId;
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: `phone list, demo (${demoList.data.total} phones)`,
      url: urlOf(server.baseUrl, userPhone.list, query),
      headers: demo,
    },
    {
      name: `phone list, ${MANY_PHONES} phones (page of ${PAGE_SIZE})`,
      url: urlOf(server.baseUrl, userPhone.list, query),
      headers: big,
    },
    {
      name: 'rename a phone',
      url: urlOf(server.baseUrl, userPhone.rename),
      method: 'PUT',
      headers: { ...demo, ...json },
      body: JSON.stringify({ userPhoneId: renamed, name: 'bench' }),
    },
  ];
}

/** A server to load and the calls to load on it. */
interface Setup {
  targets: Target[];
  stop: () => Promise<void>;
}

/** A fresh server on a fresh database of `kind`, with the demo data; `targets` picks the calls. */
async function freshSetup(
  kind: Kind,
  name: string,
  targets: (server: ServerProcess) => Promise<Target[]>,
): Promise<Setup> {
  const database = await freshDatabase(kind, 'bench_api');
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudphone-bench-api-'));
  const profile = values['cpu-prof'] && resolve(values['cpu-prof'], `${kind}-${name}`);
  const server = await startServer(
    dataDir,
    { LOG_LEVEL: 'warn', ...database.env },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  const stop = async () => {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { targets: await targets(server), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The large data set's server, kept between runs. */
async function scaleSetup(kind: Kind): Promise<Setup> {
  const profile = values['cpu-prof'] && resolve(values['cpu-prof'], `${kind}-scale`);
  const { server, stop } = await scaleStack(kind, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
  try {
    return { targets: await scaleTargets(server), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Kind = 'sqlite' | 'postgres';
interface Measured {
  helloWorld: Figures;
  calls: Record<string, Figures>;
  samples: Record<string, Load[]>;
}

/**
 * Every round loads hello-world and then each call of every server, so all see the machine in the same
 * state (it changes through the day by more than the differences measured): the servers run side by side.
 */
async function measure(setups: readonly [string, Setup][], hello: { url: string }): Promise<Record<string, Measured>> {
  try {
    const helloTarget = { name: 'hello', url: hello.url };
    for (const target of [helloTarget, ...setups.flatMap(([, setup]) => setup.targets)]) {
      await check(target);
      await load(target, WARM_UP_SECONDS, CONNECTIONS);
    }
    const helloLoads: Load[] = [];
    const loads = new Map(
      setups.map(([label, setup]) => [label, new Map(setup.targets.map((t) => [t.name, [] as Load[]]))]),
    );
    for (let round = 1; round <= ROUNDS; round++) {
      helloLoads.push(await load(helloTarget, SECONDS, CONNECTIONS));
      for (const [label, setup] of setups) {
        for (const target of setup.targets)
          loads
            .get(label)!
            .get(target.name)!
            .push(await load(target, SECONDS, CONNECTIONS));
        const line = setup.targets
          .map((t) => loads.get(label)!.get(t.name)!.at(-1)!)
          .map((l) => `${l.requestsPerSecond.toFixed(0)}/s p99 ${l.p99Ms} ms`)
          .join(', ');
        console.log(
          `round ${round}, ${label}: ${line} (hello-world ${helloLoads.at(-1)!.requestsPerSecond.toFixed(0)}/s)`,
        );
      }
    }
    for (const [, setup] of setups) for (const target of setup.targets) await check(target);
    return Object.fromEntries(
      [...loads].map(([label, calls]) => [
        label,
        {
          helloWorld: medianOf(helloLoads),
          calls: Object.fromEntries([...calls].map(([name, l]) => [name, medianOf(l)])),
          samples: { helloWorld: helloLoads, ...Object.fromEntries(calls) },
        },
      ]),
    );
  } finally {
    for (const [, setup] of setups) await setup.stop();
  }
}

const kinds = values.databases.split(',').filter((k): k is Kind => k === 'sqlite' || k === 'postgres');
const usable = (await postgresAnswers()) ? kinds : kinds.filter((k) => k !== 'postgres');
if (usable.length < kinds.length) console.log(`PostgreSQL does not answer at ${PG_URL}: SQLite only`);
const hello = await startHelloWorld();
const setups: [string, Setup][] = [];
let results: Partial<Record<string, Measured>>;
try {
  for (const kind of usable)
    if (values.scale) {
      setups.push([`${kind} demo`, await freshSetup(kind, 'demo', demoListTargets)]);
      setups.push([`${kind} scale`, await scaleSetup(kind)]);
    } else setups.push([kind, await freshSetup(kind, 'api', targetsOf)]);
} catch (error) {
  for (const [, setup] of setups) await setup.stop();
  await hello.stop();
  throw error;
}
try {
  results = await measure(setups, hello);
} finally {
  await hello.stop();
}

const percent = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
const ratio = (a: Figures, b: Figures | undefined) =>
  b ? `${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)}×` : '';
const figures = (f: Figures) =>
  `${f.requestsPerSecond.toFixed(0)}/s p99 ${f.p99Ms} ms` + (f.failures > 0 ? ` (${f.failures} failed requests)` : '');
console.log(
  `\nbench/api${values.scale ? ' --scale' : ''} — ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, loopback, LOG_LEVEL=warn (medians)\n`,
);
if (values.scale) {
  console.log(['database', 'call', 'small data', 'large data', 'large ÷ small', 'against'].join(' | '));
  for (const kind of usable) {
    const demo = results[`${kind} demo`]!;
    const scale = results[`${kind} scale`]!;
    console.log([kind, 'Fastify hello-world', figures(demo.helloWorld), figures(scale.helloWorld), '', ''].join(' | '));
    const page1 = scale.calls['phone list']!;
    for (const [name, f] of Object.entries(scale.calls)) {
      const onDemo = demo.calls[name];
      const against =
        name === 'phone list, page 500' || name === 'phone list, joined host' ? `${ratio(f, page1)} of page 1` : '';
      console.log([kind, name, onDemo ? figures(onDemo) : '', figures(f), ratio(f, onDemo), against].join(' | '));
    }
  }
} else {
  console.log(['database', 'call', 'requests/s', 'p50', 'p99', 'of hello-world', 'PostgreSQL ÷ SQLite'].join(' | '));
  for (const kind of usable) {
    const { helloWorld, calls } = results[kind]!;
    const row = (name: string, f: Figures, ofHello: string, ofSqlite = '') =>
      console.log(
        [kind, name, f.requestsPerSecond.toFixed(0), `${f.p50Ms} ms`, `${f.p99Ms} ms`, ofHello, ofSqlite].join(' | ') +
          (f.failures > 0 ? ` (${f.failures} failed requests)` : ''),
      );
    row('Fastify hello-world', helloWorld, '100 %');
    for (const [name, f] of Object.entries(calls))
      row(
        name,
        f,
        percent(f.requestsPerSecond, helloWorld.requestsPerSecond),
        kind === 'postgres' ? ratio(f, results.sqlite?.calls[name]) : '',
      );
  }
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, `bench/results/${values.scale ? 'api-scale' : 'api'}.json`),
  JSON.stringify({ rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, ...results }, null, 2),
);
