import { expect, it } from 'vitest';
import { CompiledQuery, sql, type LogEvent } from 'kysely';
import * as s from '@cloudphone/contracts/endpoints/schemas';
import * as z from 'zod';
import type { Endpoint } from '@cloudphone/contracts/endpoints/endpoint';
import type { TokenPair } from '@cloudphone/contracts/auth';
import type { AppDatabase } from '../src/db/database';
import type { Database } from '../src/db/schema';
import type { DatabaseName } from './helpers/databases';
import { DeviceHost } from '@cloudphone/device-host';
import { BIG_ACCOUNT, seedScale } from '../src/seed/scale';
import { randomKeys } from '../src/security/keys';
import type { InProcessJobRunner } from '../src/jobs/job-runner';
import { AccountsClient } from './helpers/accounts';
import { catalogueEndpoints } from './helpers/catalogue';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf } from './helpers/requests';
import { consoleOwner, signedInOperator } from './helpers/operators';

// Issue 56: every list of the catalogue read through an index, shown by the databases' own plans of
// the queries the lists run. PostgreSQL plans with sequential scans off: the question is whether an
// index can serve the query, not what the planner prefers on a table of a few thousand rows.

/** Tables a tenant sets up once (clients, grades, content); every other table grows with users and time. */
const SET_UP_ONCE: ReadonlySet<string> = new Set<keyof Database>([
  'tenant',
  'client',
  'client_function',
  'client_config',
  'tenant_config',
  'agreement',
  'advertisement',
  'customer_service',
  'device_grade',
  'device_host',
  'package',
  'cms_page',
  'game',
]);

/** The queries each list is asked with besides its pages: the filters that change its SQL. */
const variantsOf = (bigAccountPhone: number, hostName: string): Record<string, Record<string, string>[]> => ({
  '/api/device/grant/page': [{ side: 'in' }, { side: 'out' }],
  '/api/device/user/phone/list': [{}, { sort: '1' }, { sort: '2' }, { groupId: '0' }, { keyword: '7' }],
  '/api/files/push/page': [{ batchId: 'scale-0-0' }, { userPhoneId: String(bigAccountPhone) }],
  '/api/admin/codes/search': [{}, { batchNo: 'B1' }],
  '/api/admin/audit/list': [{}, { action: 'order.refund' }],
  '/api/admin/phones/search': [{}, { mobile: BIG_ACCOUNT.mobile }, { host: hostName }, { rental: 'active' }],
  '/api/admin/customers/search': [{}, { mobile: BIG_ACCOUNT.mobile }, { userNo: 'S7' }],
  '/api/admin/orders/search': [{}, { status: 'completed' }, { mobile: BIG_ACCOUNT.mobile }, { orderNo: 'none' }],
});
/** The console's lists that are not pages, each with the operator it is asked by (hosts: the platform's). */
const UNPAGED_LISTS: { path: string; platform: boolean }[] = [
  { path: '/api/admin/hosts/list', platform: true },
  // The dashboard's charts over a month (issue 64), the merchant's and one client's.
  { path: `/api/admin/dashboard?${dashboardRange()}`, platform: false },
  { path: `/api/admin/dashboard?${dashboardRange()}&clientId=1`, platform: false },
];

/** The last 30 days, as the dashboard opens on them. */
function dashboardRange(): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return new URLSearchParams({ from: day(Date.now() - 29 * 86_400_000), to: day(Date.now()) }).toString();
}

const PAGES = [
  { pageNo: '1', pageSize: '20' },
  { pageNo: '3', pageSize: '20' },
];

/** Whether a catalogue entry is a list: a page a user, a client or an operator asks for. */
function isList(endpoint: Endpoint): boolean {
  if (endpoint.method !== 'GET' || !endpoint.query || endpoint.access === 'merchant') return false;
  let schema: unknown = endpoint.query(s, z);
  while (schema instanceof z.ZodPipe || schema instanceof z.ZodDefault || schema instanceof z.ZodOptional)
    schema = schema instanceof z.ZodPipe ? schema.in : schema.def.innerType;
  return schema instanceof z.ZodObject && 'pageNo' in schema.shape;
}

/** A page of a list: it must come off an index in its order, not from a sort of every row that matches. */
const isPage = (query: CompiledQuery) => /\blimit\b/i.test(query.sql);

/** The partial indexes: each holds the open rows alone (a job's worklist), so reading one whole is fine. */
async function partialIndexes(db: AppDatabase, database: DatabaseName): Promise<Set<string>> {
  const { rows } =
    database === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and sql like '% where %'`.execute(db)
      : // From the catalogue's own tables, not `pg_indexes`: its definitions are worked out for other schemas' indexes
        // too, and a file dropping its schemas meanwhile makes that fail ("could not open relation").
        await sql<{ name: string }>`select c.relname as name from pg_index i
          join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and i.indpred is not null`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/**
 * What a plan does that grows with a table: reads it whole (SQLite's `SCAN t`, PostgreSQL's `Seq Scan`
 * or an index walked without a condition; a partial index is not the whole table), or, for a list's
 * page, sorts it (a temporary B-tree, a `Sort`). PostgreSQL plans with sequential scans off, and sorts
 * off for a page, so an index that can serve is the one it takes.
 */
async function costsThatGrow(
  db: AppDatabase,
  database: DatabaseName,
  query: CompiledQuery,
  { page, partial }: { page: boolean; partial: Set<string> },
): Promise<string[]> {
  const [, listed] = /\bfrom "(\w+)"/.exec(query.sql) ?? [];
  const sortsFor = (sorts: boolean) => (sorts && page && listed ? [`sorts ${listed}`] : []);
  if (database === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return [
      ...rows.flatMap((row) => {
        const [, table, index] = /^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(row.detail) ?? [];
        return table && !partial.has(index ?? '') ? [`scans ${table} whole`] : [];
      }),
      ...sortsFor(rows.some((row) => row.detail.includes('TEMP B-TREE FOR'))),
    ];
  }
  const lines = await db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    if (page) await sql`set local enable_sort = off`.execute(tx);
    const plan = await tx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row['QUERY PLAN']);
  });
  return [
    ...lines.flatMap((line, i) => {
      const seq = /Seq Scan on (\w+)/.exec(line);
      if (seq) return [`scans ${seq[1]} whole`];
      const [, index, table] = /Index (?:Only )?Scan (?:Backward )?using (\w+) on (\w+)/.exec(line) ?? [];
      const walked = table && !partial.has(index!) && !lines[i + 1]?.includes('Index Cond:');
      return walked ? [`scans ${table} whole`] : [];
    }),
    ...sortsFor(lines.some((line) => /\bSort\b/.test(line))),
  ];
}

describeEachDatabase('query plans', (open, database) => {
  it('reads every list of the catalogue through an index in its order: no growing table scanned whole or sorted', async () => {
    // What the lists run, then what the jobs run.
    let heard: CompiledQuery[] | undefined;
    const listed: CompiledQuery[] = [];
    const worked: CompiledQuery[] = [];
    const log = (event: LogEvent) => {
      if (event.level === 'query') heard?.push(event.query);
    };
    const db = await open({ log });
    const keys = randomKeys();
    const deviceHost = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey });
    const app = await buildTestApp(db, { keys, deviceHost });
    try {
      await seedScale(db, {
        users: 200,
        phones: 3_000,
        bigAccountPhones: 500,
        orders: 4_000,
        // The demo merchant a tenth of the platform's orders: its console lists must come off its own index.
        otherOrders: 36_000,
        messages: 4_000,
        pushes: 4_000,
      });
      const api = await AccountsClient.of(app);
      const token = dataOf<TokenPair>(await api.login(BIG_ACCOUNT.mobile, BIG_ACCOUNT.password)).accessToken;
      // The console's lists (issue 62) are read by an owner of the big account's tenant.
      const operatorToken = await consoleOwner(app, Number(api.headers['tenant-id']));
      const lists = (await catalogueEndpoints()).filter(isList);
      const phone = await db
        .selectFrom('user_phone')
        .select('id')
        .where('instance_no', '=', 'scale-0')
        .executeTakeFirstOrThrow();
      const host = await db.selectFrom('device_host').select('name').orderBy('id').executeTakeFirstOrThrow();
      const variants = variantsOf(phone.id, host.name);
      expect(lists.length).toBeGreaterThanOrEqual(13);

      const platformToken = await signedInOperator(app, null, 'operations');
      heard = listed;
      for (const { path, platform } of UNPAGED_LISTS) {
        const reply = await api.call('GET', path, { token: platform ? platformToken : operatorToken });
        expect(reply.json<{ code: number }>().code, `${path} ${reply.body}`).toBe(0);
      }
      for (const list of lists)
        for (const variant of variants[list.path] ?? [{}])
          for (const page of PAGES) {
            const reply = await api.call('GET', `${list.path}?${new URLSearchParams({ ...page, ...variant })}`, {
              token: list.access === 'operator' ? operatorToken : token,
            });
            expect(reply.json<{ code: number }>().code, `${list.path} ${reply.body}`).toBe(0);
          }
      // The jobs too: they run every few seconds, and on SQLite a scan holds every request meanwhile.
      heard = worked;
      const jobs = app.jobs as InProcessJobRunner;
      for (const job of jobs.names()) await jobs.runNow(job);
      heard = undefined;

      const reads = (queries: CompiledQuery[]) =>
        new Map(queries.filter((q) => /^\s*(with|select)\b/i.test(q.sql)).map((q) => [q.sql, q])).values();
      expect(new Set(listed.map((q) => q.sql)).size).toBeGreaterThan(20);
      expect(new Set(worked.map((q) => q.sql)).size).toBeGreaterThan(10);
      const partial = await partialIndexes(db, database);
      const growing: string[] = [];
      for (const [queries, lists] of [
        [listed, true],
        [worked, false],
      ] as const)
        for (const query of reads(queries))
          for (const cost of await costsThatGrow(db, database, query, { page: lists && isPage(query), partial }))
            if (!SET_UP_ONCE.has(cost.split(' ')[1]!)) growing.push(`${cost}: ${query.sql}`);
      expect(growing).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
