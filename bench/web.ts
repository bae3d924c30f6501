/**
 * bench/web — what a phone downloads before the customer app shows, and how fast it shows (issues 10
 * §6 and 28): the entry's bytes (raw, and gzip and brotli as the server sends them), the bytes a cold
 * load of home and of the phone view transfers in Chromium, logged in as the demo user (with the same
 * files' uncompressed bytes as the in-run baseline), a repeat visit of home, and Lighthouse's mobile
 * performance score (simulated slow 4G and a 4× slower CPU) of the login page, home, the phone view and
 * a repeat visit of home, with the paint and blocking times behind it — against a static page of a few
 * lines measured in the same run (what this machine scores at best), with the load average meanwhile.
 * Prints a table and writes bench/results/web.json.
 *
 *   npx tsx bench/web.ts [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { createServer as createHttpServer } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_FLAGS } from '@cloudphone/e2e/chromium';
import { startStack } from '@cloudphone/e2e/stack';
import { CONSOLE, ENTRY_BUDGET_GZIP_BYTES, entrySize } from '@cloudphone/web/build/entry-size';
import { median } from './support/stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const root = resolve(import.meta.dirname, '..');
const DEMO = { mobile: '13800000000', password: 'demo1234' };

async function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Load {
  /** Bytes on the wire, headers included (CDP encodedDataLength). */
  transferred: number;
  /** The same responses' bodies uncompressed: what the page would cost without compression. */
  uncompressed: number;
  requests: number;
}

/**
 * Opens `path` and counts every HTTP response until the network is quiet (the phone view's video
 * stream is a WebSocket and is not counted). `cold` first empties the HTTP cache and the service
 * worker's, keeping the login.
 */
async function load(page: Page, origin: string, path: string, cold: boolean): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (cold) await forgetFiles(page, origin);
  const result: Load = { transferred: 0, uncompressed: 0, requests: 0 };
  cdp.on('Network.requestWillBeSent', () => void result.requests++);
  cdp.on('Network.dataReceived', (event) => void (result.uncompressed += event.dataLength));
  cdp.on('Network.loadingFinished', (event) => void (result.transferred += event.encodedDataLength));
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle', timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  await cdp.detach();
  return result;
}

/** Empties the browser's HTTP cache and the service worker with its cache; local storage (the login) stays. */
async function forgetFiles(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
}

/** Empties local storage and cookies: the browser is logged out. */
async function forgetLogin(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,cookies' });
  await cdp.detach();
}

async function logIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/app/login/demo`);
  await page.getByPlaceholder('Enter your phone number').fill(DEMO.mobile);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByText('I have read and agree to').click();
  await page.getByRole('button', { name: 'Log in' }).click();
  // A first visit walks through the guide (issue 29); home is measured as every later visit sees it.
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL('**/app/demo');
}

/** What Lighthouse's mobile performance score (0–100) is made of; times in ms. */
interface Performance {
  score: number;
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  totalBlockingTime: number;
}

/** Lighthouse's mobile performance of `url`, in the bench's Chromium. */
async function performance(port: number, url: string, keepLogin: boolean): Promise<Performance> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    // Lighthouse's own reset would also clear local storage, and with it the login.
    disableStorageReset: keepLogin,
  });
  const audit = (id: string) => result?.lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((result?.lhr.categories.performance?.score ?? NaN) * 100),
    firstContentfulPaint: audit('first-contentful-paint'),
    largestContentfulPaint: audit('largest-contentful-paint'),
    totalBlockingTime: audit('total-blocking-time'),
  };
}

/** The median of each figure over the runs that measured it (Lighthouse now and then finds no LCP: NaN). */
const medianPerformance = (runs: Performance[]): Performance => {
  const of = (pick: (r: Performance) => number) => median(runs.map(pick).filter(Number.isFinite));
  return {
    score: of((r) => r.score),
    firstContentfulPaint: of((r) => r.firstContentfulPaint),
    largestContentfulPaint: of((r) => r.largestContentfulPaint),
    totalBlockingTime: of((r) => r.totalBlockingTime),
  };
};

/** Lighthouse `RUNS` times on one page; `before` runs ahead of each (emptying caches, or not). */
async function lighthouseRuns(port: number, url: string, keepLogin: boolean, before: () => Promise<unknown>) {
  const runs: Performance[] = [];
  for (let i = 0; i < RUNS; i++) {
    await before();
    runs.push(await performance(port, url, keepLogin));
  }
  return { ...medianPerformance(runs), runs };
}

/** A page of a few lines, served from memory: the score this machine gives a page that costs nothing. */
async function staticPage(): Promise<{ url: string; close: () => void }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<title>Static</title></head><body><h1>A static page</h1><p>The baseline of bench/web.</p></body></html>';
  const server = createHttpServer((_request, response) => response.end(html)).listen(0, '127.0.0.1');
  await new Promise((resolveListening) => server.once('listening', resolveListening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

console.log('building the web app…');
// The one build of `npm start` and the tests: the phone app and the desktop UI together, never one of
// them alone (its emptyOutDir would delete the other's files under a running server).
execFileSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'ignore' });
const entry = entrySize(join(root, 'apps/web/dist'));
// The console's entry (issue 64): its dashboard's chart library loads with that page, never here.
const consoleEntry = entrySize(join(root, 'apps/web/dist'), CONSOLE);

const stack = await startStack();
const port = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'cloudphone-bench-web-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROME_PATH,
  args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  headless: true,
  locale: 'en-US',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});
const page = context.pages()[0] ?? (await context.newPage());
try {
  await logIn(page, stack.baseUrl);
  const pages = { home: '/app/demo', phoneView: '/app/phone-view/demo?userPhoneId=1' };
  const cold: Record<keyof typeof pages, Load[]> = { home: [], phoneView: [] };
  const repeat: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const name of ['home', 'phoneView'] as const)
      cold[name].push(await load(page, stack.baseUrl, pages[name], true));
    await load(page, stack.baseUrl, pages.home, true);
    repeat.push(await load(page, stack.baseUrl, pages.home, false));
  }
  const medianLoad = (loads: Load[]): Load => ({
    transferred: median(loads.map((l) => l.transferred)),
    uncompressed: median(loads.map((l) => l.uncompressed)),
    requests: median(loads.map((l) => l.requests)),
  });
  const firstLoad = {
    home: medianLoad(cold.home),
    phoneView: medianLoad(cold.phoneView),
    homeRepeat: medianLoad(repeat),
  };
  const load1 = loadavg()[0] ?? NaN;
  const baseline = await staticPage();
  const origin = stack.baseUrl;
  const cleared = () => forgetFiles(page, origin);
  const lighthouseScores = {
    static: await lighthouseRuns(port, baseline.url, false, async () => undefined),
    home: await lighthouseRuns(port, `${origin}${pages.home}`, true, cleared),
    phoneView: await lighthouseRuns(port, `${origin}${pages.phoneView}`, true, cleared),
    homeRepeat: await lighthouseRuns(port, `${origin}${pages.home}`, true, () => load(page, origin, pages.home, false)),
    // Logged out, or the login page would send Lighthouse on to home: Lighthouse's own reset keeps local storage.
    login: await lighthouseRuns(port, `${origin}/app/login/demo`, false, () => forgetLogin(page, origin)),
  };
  baseline.close();
  const loadAverage = { before: load1, after: loadavg()[0] ?? NaN };

  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');
  const rows: string[][] = [
    ['entry, gzip', kib(entry.gzip), kib(entry.raw), ratio(entry.gzip, entry.raw), `≤ ${kib(ENTRY_BUDGET_GZIP_BYTES)}`],
    ['entry, brotli', kib(entry.brotli), kib(entry.raw), ratio(entry.brotli, entry.raw), ''],
    [
      'console entry, gzip',
      kib(consoleEntry.gzip),
      kib(consoleEntry.raw),
      ratio(consoleEntry.gzip, consoleEntry.raw),
      '',
    ],
    ...(['home', 'phoneView', 'homeRepeat'] as const).map((name) => [
      `${{ home: 'home', phoneView: 'phone view', homeRepeat: 'home, repeat visit' }[name]} (${firstLoad[name].requests} requests)`,
      kib(firstLoad[name].transferred),
      kib(firstLoad[name].uncompressed),
      ratio(firstLoad[name].transferred, firstLoad[name].uncompressed),
      '',
    ]),
    ...(['static', 'login', 'home', 'phoneView', 'homeRepeat'] as const).map((name) => {
      const p = lighthouseScores[name];
      const ms = (value: number) => `${Math.round(value)} ms`;
      const parts = `FCP ${ms(p.firstContentfulPaint)}, LCP ${ms(p.largestContentfulPaint)}, TBT ${ms(p.totalBlockingTime)}`;
      const label = {
        static: 'a static page (baseline)',
        login: 'login',
        home: 'home',
        phoneView: 'phone view',
        homeRepeat: 'home, repeat visit',
      }[name];
      const target = { static: '', login: '≥ 95', home: '≥ 90', phoneView: '≥ 90', homeRepeat: '' }[name];
      const scores = p.runs.map((r) => r.score).join(' ');
      return [`Lighthouse mobile, ${label}`, `${p.score} (${parts}; runs ${scores})`, '', '', target];
    }),
  ];
  const loadLine = `load average ${loadAverage.before.toFixed(2)} before the Lighthouse runs, ${loadAverage.after.toFixed(2)} after`;
  console.log(`\nbench/web — median of ${RUNS} runs, loopback, headless Chromium as a 390×844 phone; ${loadLine}\n`);
  console.log(['measure', 'value', 'uncompressed (baseline)', 'value / baseline', 'target'].join(' | '));
  for (const row of rows) console.log(row.join(' | '));
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/web.json'),
    JSON.stringify({ runs: RUNS, loadAverage, entry, consoleEntry, firstLoad, lighthouse: lighthouseScores }, null, 2),
  );
} finally {
  await context.close();
  await stack.stop();
  rmSync(profile, { recursive: true, force: true });
}
