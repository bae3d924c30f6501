import type { PhoneListQuery } from '@cloudphone/contracts/phones';
import { CompiledQueries } from '../db/compiled-queries';
import type { AppDatabase } from '../db/database';
import { pagedPhones, type PhoneListShape, type PhoneListValues } from './phone-list.filter';
import { listedPhoneColumns, toUserPhone, type ListedPhone } from './user-phone.row';

// The phone list counted, and a page of it: compiled once per shape, so the page is cut here with
// the values the compiled query takes, not by pageOf (db/paging) as other lists are.
const pageCount = new CompiledQueries((db, shape: PhoneListShape, v: PhoneListValues) =>
  pagedPhones(db, shape, v).select((eb) => eb.fn.countAll<number>().as('n')),
);

const pageRows = new CompiledQueries((db, shape: PhoneListShape, v: PhoneListValues) =>
  pagedPhones(db, shape, v)
    // Each order is one walk of an index, forwards or backwards (migration 0030): expiry, then id.
    .$if(shape.sort === 1, (query) => query.orderBy('expire_time', 'asc').orderBy('id', 'asc'))
    .$if(shape.sort === 2, (query) => query.orderBy('expire_time', 'desc').orderBy('id', 'desc'))
    .$if(shape.sort === 0, (query) => query.orderBy('id'))
    .select(listedPhoneColumns)
    .limit(v.limit)
    .offset(v.offset),
);

/**
 * What is kept of a user's whole list (no group, keyword or ids asked for) while it does not change:
 * its count, and where the pages of the id order begin (a page begins at its first phone's id, so a
 * deep page needs no offset). Whoever keeps them forgets both when the user's phones change.
 */
export interface WholeList {
  counted?: (count: () => Promise<number>) => Promise<number>;
  starts?: PageStarts;
}

/** The first phone's id of each page of a list, by page size and number. */
export interface PageStarts {
  get(pageSize: number, pageNo: number): number | undefined;
  set(pageSize: number, pageNo: number, id: number): void;
}

/**
 * A page of the user's phones and those granted to them (`grantedIds`): by group (0 the default
 * group, where granted phones sit), name keyword, and expiry order. A phone that goes by its
 * number matches the keyword as `numberedPrefix` + number, the name its viewer sees; `userPhoneIds`
 * keeps only those phones. The total is counted by `whole.counted` when given (a kept count), and
 * a page in id order starts at the phone `whole.starts` remembers for it, when it does.
 */
export async function phoneListPage(
  db: AppDatabase,
  {
    tenantId,
    userId,
    filter,
    grantedIds,
    numberedPrefix,
    whole,
  }: {
    tenantId: number;
    userId: number;
    filter: PhoneListQuery;
    grantedIds: readonly number[];
    numberedPrefix: string;
    whole: WholeList;
  },
): Promise<{ list: ListedPhone[]; total: number }> {
  const inIdOrder = (filter.sort ?? 0) === 0;
  const startId = inIdOrder && filter.pageNo > 1 ? whole.starts?.get(filter.pageSize, filter.pageNo) : undefined;
  const shape: PhoneListShape = {
    group: filter.groupId === undefined ? 'any' : filter.groupId === 0 ? 'default' : 'one',
    granted: grantedIds.length > 0 && (filter.groupId ?? 0) === 0,
    only: filter.userPhoneIds !== undefined,
    keyword: Boolean(filter.keyword),
    sort: filter.sort ?? 0,
    startsAt: startId !== undefined,
  };
  const values: PhoneListValues = {
    tenantId,
    userId,
    groupId: filter.groupId ?? 0,
    grantedIds: shape.granted ? [...grantedIds] : [],
    userPhoneIds: [...(filter.userPhoneIds ?? [])],
    // Case-insensitive on both databases (LIKE is case-sensitive on PostgreSQL only).
    pattern: `%${(filter.keyword ?? '').replace(/[%_\\]/g, '').toLowerCase()}%`,
    numberedPrefix,
    limit: filter.pageSize,
    offset: startId === undefined ? (filter.pageNo - 1) * filter.pageSize : 0,
    startId: startId ?? 0,
  };
  const rows = await pageRows.execute(db, shape, values);
  if (inIdOrder && rows.length > 0) whole.starts?.set(filter.pageSize, filter.pageNo, rows[0]!.id);
  const skipped = (filter.pageNo - 1) * filter.pageSize;
  // A page short of full is the end of the list, and tells the total: most users' lists fit one page.
  const ends = rows.length < values.limit && (rows.length > 0 || skipped === 0);
  const count = async () => Number((await pageCount.execute(db, { ...shape, startsAt: false }, values))[0]?.n ?? 0);
  const total = ends ? skipped + rows.length : await (whole.counted ?? ((c: () => Promise<number>) => c()))(count);
  return { list: rows.map(toUserPhone), total };
}
