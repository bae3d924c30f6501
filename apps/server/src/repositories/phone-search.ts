import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

/** What the console lists a tenant's phones by (all optional but the page). */
export interface PhoneSearch {
  host?: string;
  rental?: 'active' | 'expired';
  mobile?: string;
  pageNo: number;
  pageSize: number;
}

/** A listed phone: its customer's mobile and its host's name beside it. */
export interface SearchedPhone {
  userPhoneId: number;
  instanceNo: string;
  deviceHostId: number;
  userId: number;
  mobile: string;
  hostName: string;
  gradeId: number | null;
  expireTime: number;
  releasedAt: number | null;
}

/**
 * A tenant's phones by host, rental and customer, newest first (the console, issue 63). A host or a
 * customer is named first (one row each), so the phones come off the tenant's index for that column.
 */
export async function searchPhonesOfTenant(
  db: AppDatabase,
  tenantId: number,
  filter: PhoneSearch,
  now: number,
): Promise<{ list: SearchedPhone[]; total: number }> {
  const [host, user] = await Promise.all([
    filter.host
      ? db.selectFrom('device_host').select('id').where('name', '=', filter.host).executeTakeFirst()
      : undefined,
    filter.mobile
      ? db
          .selectFrom('app_user')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('mobile', '=', filter.mobile)
          .executeTakeFirst()
      : undefined,
  ]);
  let query = db.selectFrom('user_phone').where('user_phone.tenant_id', '=', tenantId);
  if (filter.host) query = query.where('user_phone.device_host_id', '=', host?.id ?? 0);
  if (filter.mobile) query = query.where('user_phone.user_id', '=', user?.id ?? 0);
  if (filter.rental === 'active') query = query.where('user_phone.expire_time', '>', now);
  if (filter.rental === 'expired') query = query.where('user_phone.expire_time', '<=', now);
  // Newest first, in the order of the index that serves the filter.
  const order = filter.mobile
    ? (['user_phone.tenant_id', 'user_phone.user_id', 'user_phone.id'] as const)
    : filter.host
      ? (['user_phone.tenant_id', 'user_phone.device_host_id', 'user_phone.id'] as const)
      : (['user_phone.tenant_id', 'user_phone.id'] as const);
  const { rows, total } = await pageOf(
    query,
    (q) =>
      order.reduce(
        (sorted, column) => sorted.orderBy(column, 'desc'),
        q.select([
          'user_phone.id',
          'user_phone.instance_no',
          'user_phone.device_host_id',
          'user_phone.user_id',
          'user_phone.grade_id',
          'user_phone.expire_time',
          'user_phone.released_at',
        ]),
      ),
    filter,
  );
  const [users, hosts] = await Promise.all([
    rows.length
      ? db
          .selectFrom('app_user')
          .select(['id', 'mobile'])
          .where('id', 'in', [...new Set(rows.map((r) => r.user_id))])
          .execute()
      : [],
    db.selectFrom('device_host').select(['id', 'name']).execute(),
  ]);
  const mobileOf = new Map(users.map((u) => [u.id, u.mobile]));
  const hostName = new Map(hosts.map((h) => [h.id, h.name]));
  return {
    total,
    list: rows.map((row) => ({
      userPhoneId: row.id,
      instanceNo: row.instance_no,
      deviceHostId: row.device_host_id,
      userId: row.user_id,
      mobile: mobileOf.get(row.user_id) ?? '',
      hostName: hostName.get(row.device_host_id) ?? '',
      gradeId: row.grade_id,
      expireTime: Number(row.expire_time),
      releasedAt: row.released_at === null ? null : Number(row.released_at),
    })),
  };
}
