import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

/** What the console searches a tenant's customers by (all optional but the page). */
export interface CustomerSearch {
  mobile?: string;
  userNo?: string;
  pageNo: number;
  pageSize: number;
}

/** A tenant's customers by mobile or UID, newest first (the console, issue 63). */
export async function searchCustomersOfTenant(db: AppDatabase, tenantId: number, filter: CustomerSearch) {
  let query = db.selectFrom('app_user').where('tenant_id', '=', tenantId);
  if (filter.mobile) query = query.where('mobile', '=', filter.mobile);
  if (filter.userNo) query = query.where('user_no', '=', filter.userNo);
  // A mobile or a UID names one account, which its unique index finds with nothing to sort.
  const named = Boolean(filter.mobile || filter.userNo);
  const { rows, total } = await pageOf(
    query,
    (q) => {
      const listed = q.select(['id', 'user_no', 'mobile', 'nickname', 'status', 'register_time']);
      return named ? listed : listed.orderBy('tenant_id', 'desc').orderBy('id', 'desc');
    },
    filter,
  );
  return {
    total,
    list: rows.map((row) => ({
      userId: row.id,
      userNo: row.user_no,
      mobile: row.mobile,
      nickname: row.nickname,
      status: row.status as 'active' | 'disabled' | 'unregistered',
      registerTime: Number(row.register_time),
    })),
  };
}
