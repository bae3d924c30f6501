// A user's cloud phone as the user-phone repository reads it: its fields, the columns of user_phone
// they come from (all of them, or the fewer a phone list reads), and a stored row made a phone.

export interface UserPhone {
  id: number;
  tenantId: number;
  userId: number;
  deviceHostId: number;
  instanceNo: string;
  /** The name its owner gave it; '' while it goes by its number. */
  name: string;
  /** The number of the name the server gave it ("云手机 5" / "Cloud phone 5"); null once renamed. */
  nameNo: number | null;
  groupId: number | null;
  expireTime: number;
  trial: boolean;
  createdAt: number;
  /** The grade it was bought as; null for a phone given without an order (the cheapest grade). */
  gradeId: number | null;
  /** When its host made the instance; null until then (spec §4 "connecting"). */
  provisionedAt: number | null;
}

/** A phone as its user's list shows it: what the list reads of its row (issue 34: each column costs). */
export type ListedPhone = Omit<UserPhone, 'tenantId' | 'createdAt'>;

export const userPhoneColumns = [
  'id',
  'tenant_id as tenantId',
  'user_id as userId',
  'device_host_id as deviceHostId',
  'instance_no as instanceNo',
  'name',
  'name_no as nameNo',
  'group_id as groupId',
  'expire_time as expireTime',
  'trial',
  'created_at as createdAt',
  'grade_id as gradeId',
  'provisioned_at as provisionedAt',
] as const;
export const listedPhoneColumns = userPhoneColumns.filter(
  (c) => c !== 'tenant_id as tenantId' && c !== 'created_at as createdAt',
) as Exclude<(typeof userPhoneColumns)[number], 'tenant_id as tenantId' | 'created_at as createdAt'>[];

/** A stored row as a phone: `trial` is kept as 0 or 1. */
export const toUserPhone = <R extends { trial: number }>(row: R): Omit<R, 'trial'> & { trial: boolean } => ({
  ...row,
  trial: row.trial === 1,
});
