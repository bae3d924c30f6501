import type { SelectQueryBuilder, Simplify } from 'kysely';

/** The page of a list a caller asks for: `pageNo` counts from 1. */
export interface PageAsked {
  pageNo: number;
  pageSize: number;
}

/**
 * A page of a list and how many rows the whole list has: the one place a list is cut into pages.
 * `filtered` is the list before it selects anything (what is counted); `listed` selects and orders
 * the rows the page is cut from.
 */
export async function pageOf<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  listed: (filtered: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  page: PageAsked,
): Promise<{ rows: Simplify<Row>[]; total: number }> {
  const counted = await filtered
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$castTo<{ n: number }>()
    .executeTakeFirst();
  const rows = await listed(filtered)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}
