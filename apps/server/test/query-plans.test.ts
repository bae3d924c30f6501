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
import { AccountsClient } from './helpers/accounts';
import { catalogueEndpoints } from './helpers/catalogue';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { dataOf } from './helpers/requests';

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
const variantsOf = (bigAccountPhone: number): Record<string, Record<string, string>[]> => ({
  '/api/device/grant/page': [{ side: 'in' }, { side: 'out' }],
  '/api/device/user/phone/list': [{}, { sort: '1' }, { sort: '2' }, { groupId: '0' }, { keyword: '7' }],
  '/api/files/push/page': [{ batchId: 'scale-0-0' }, { userPhoneId: String(bigAccountPhone) }],
});
const PAGES = [
  { pageNo: '1', pageSize: '20' },
  { pageNo: '3', pageSize: '20' },
];

/** Whether a catalogue entry is a list: a page a user or a client asks for. */
function isList(endpoint: Endpoint): boolean {
  if (endpoint.method !== 'GET' || !endpoint.query || endpoint.access === 'merchant') return false;
  let schema: unknown = endpoint.query(s, z);
  while (schema instanceof z.ZodPipe || schema instanceof z.ZodDefault || schema instanceof z.ZodOptional)
    schema = schema instanceof z.ZodPipe ? schema.in : schema.def.innerType;
  return schema instanceof z.ZodObject && 'pageNo' in schema.shape;
}

/** A page of a list: it must come off an index in its order, not from a sort of every row that matches. */
const isPage = (query: CompiledQuery) => /\blimit\b/i.test(query.sql);

/**
 * What a plan does that grows with a table: reads it whole (SQLite's `SCAN t`, PostgreSQL's `Seq Scan`
 * or an index walked without a condition), or sorts it for a page (a temporary B-tree, a `Sort`).
 * PostgreSQL plans with sequential scans and sorts off, so an index that can serve is the one it takes.
 */
async function costsThatGrow(db: AppDatabase, database: DatabaseName, query: CompiledQuery): Promise<string[]> {
  const [, listed] = /\bfrom "(\w+)"/.exec(query.sql) ?? [];
  const sortsFor = (sorts: boolean) => (sorts && isPage(query) && listed ? [`sorts ${listed}`] : []);
  if (database === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return [
      ...rows.flatMap(
        (row) =>
          /^SCAN (\w+)/
            .exec(row.detail)
            ?.slice(1)
            .map((t) => `scans ${t} whole`) ?? [],
      ),
      ...sortsFor(rows.some((row) => row.detail.includes('TEMP B-TREE FOR'))),
    ];
  }
  const lines = await db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    if (isPage(query)) await sql`set local enable_sort = off`.execute(tx);
    const plan = await tx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row['QUERY PLAN']);
  });
  return [
    ...lines.flatMap((line, i) => {
      const seq = /Seq Scan on (\w+)/.exec(line);
      if (seq) return [`scans ${seq[1]} whole`];
      const walked = /Index (?:Only )?Scan (?:Backward )?using \w+ on (\w+)/.exec(line);
      return walked && !lines[i + 1]?.includes('Index Cond:') ? [`scans ${walked[1]} whole`] : [];
    }),
    ...sortsFor(lines.some((line) => /\bSort\b/.test(line))),
  ];
}

describeEachDatabase('query plans', (open, database) => {
  it('reads every list of the catalogue through an index in its order: no growing table scanned whole or sorted', async () => {
    const heard: CompiledQuery[] = [];
    let listening = false;
    const log = (event: LogEvent) => {
      if (listening && event.level === 'query') heard.push(event.query);
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
        messages: 4_000,
        pushes: 4_000,
      });
      const api = await AccountsClient.of(app);
      const token = dataOf<TokenPair>(await api.login(BIG_ACCOUNT.mobile, BIG_ACCOUNT.password)).accessToken;
      const lists = (await catalogueEndpoints()).filter(isList);
      const phone = await db
        .selectFrom('user_phone')
        .select('id')
        .where('instance_no', '=', 'scale-0')
        .executeTakeFirstOrThrow();
      const variants = variantsOf(phone.id);
      expect(lists.length).toBeGreaterThanOrEqual(13);

      listening = true;
      for (const list of lists)
        for (const variant of variants[list.path] ?? [{}])
          for (const page of PAGES) {
            const reply = await api.call('GET', `${list.path}?${new URLSearchParams({ ...page, ...variant })}`, {
              token,
            });
            expect(reply.json<{ code: number }>().code, `${list.path} ${reply.body}`).toBe(0);
          }
      listening = false;

      const reads = new Map(heard.filter((q) => /^\s*(with|select)\b/i.test(q.sql)).map((q) => [q.sql, q]));
      expect(reads.size).toBeGreaterThan(20);
      const growing: string[] = [];
      for (const query of reads.values())
        for (const cost of await costsThatGrow(db, database, query))
          if (!SET_UP_ONCE.has(cost.split(' ')[1]!)) growing.push(`${cost}: ${query.sql}`);
      expect(growing).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
