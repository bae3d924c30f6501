import type { TransferSide, TransferStatus } from '@cloudphone/contracts/transfers';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

export interface PhoneTransferItem {
  userPhoneId: number;
  /** The sender's name for it ('' while it went by its number `fromNameNo`). */
  fromName: string;
  fromNameNo: number | null;
  /** The number it goes by in the receiver's account; null until it arrives. */
  toNameNo: number | null;
}

export interface PhoneTransfer {
  id: number;
  tenantId: number;
  transferNo: string;
  fromUserId: number;
  toUserId: number;
  fromAccount: string;
  toAccount: string;
  status: TransferStatus;
  /** The catalogue key of a failure. */
  reason: string | null;
  createdAt: number;
  updatedAt: number;
  items: PhoneTransferItem[];
}

const columns = [
  'id',
  'tenant_id as tenantId',
  'transfer_no as transferNo',
  'from_user_id as fromUserId',
  'to_user_id as toUserId',
  'from_account as fromAccount',
  'to_account as toAccount',
  'status',
  'reason',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

/** Transfer orders, their phones and every state they went through (spec §3, §4). */
export class PhoneTransferRepository {
  constructor(private readonly db: AppDatabase) {}

  /** A new transfer in `status` (waiting, or failed at once), with its first step recorded. */
  async create(transfer: Omit<PhoneTransfer, 'id' | 'updatedAt'>): Promise<PhoneTransfer> {
    const { id } = await this.db
      .insertInto('phone_transfer')
      .values({
        tenant_id: transfer.tenantId,
        transfer_no: transfer.transferNo,
        from_user_id: transfer.fromUserId,
        to_user_id: transfer.toUserId,
        from_account: transfer.fromAccount,
        to_account: transfer.toAccount,
        status: transfer.status,
        reason: transfer.reason,
        created_at: transfer.createdAt,
        updated_at: transfer.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('phone_transfer_item')
      .values(
        transfer.items.map((item) => ({
          transfer_id: id,
          user_phone_id: item.userPhoneId,
          from_name: item.fromName,
          from_name_no: item.fromNameNo,
          to_name_no: item.toNameNo,
        })),
      )
      .execute();
    await this.db
      .insertInto('phone_transfer_event')
      .values({ transfer_id: id, status: transfer.status, at: transfer.createdAt })
      .execute();
    return { ...transfer, id, updatedAt: transfer.createdAt };
  }

  /**
   * Moves a transfer from one of `from` to `to` and records the step, or returns false when it is in
   * none of them (another run moved it first).
   */
  async move(
    id: number,
    from: readonly TransferStatus[],
    to: TransferStatus,
    at: number,
    reason?: string,
  ): Promise<boolean> {
    const moved = await this.db
      .updateTable('phone_transfer')
      .set({ status: to, updated_at: at, ...(reason ? { reason } : {}) })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await this.db.insertInto('phone_transfer_event').values({ transfer_id: id, status: to, at }).execute();
    return true;
  }

  async setReceivedNumber(id: number, userPhoneId: number, toNameNo: number): Promise<void> {
    await this.db
      .updateTable('phone_transfer_item')
      .set({ to_name_no: toNameNo })
      .where('transfer_id', '=', id)
      .where('user_phone_id', '=', userPhoneId)
      .execute();
  }

  /** Transfers in `status`, oldest first (the finishing job's worklist). */
  async inStatus(status: TransferStatus, limit = 100): Promise<PhoneTransfer[]> {
    const rows = await this.db
      .selectFrom('phone_transfer')
      .select(columns)
      .where('status', '=', status)
      .orderBy('id')
      .limit(limit)
      .execute();
    return this.withItems(rows);
  }

  /**
   * A page of the transfers a user launched (`out`) or received (`in`), newest first. The receiver
   * sees only those that reached them (not failed ones).
   */
  async page(
    tenantId: number,
    userId: number,
    side: TransferSide,
    pageNo: number,
    pageSize: number,
  ): Promise<{ list: PhoneTransfer[]; total: number }> {
    let query = this.db.selectFrom('phone_transfer').where('tenant_id', '=', tenantId);
    query =
      side === 'out'
        ? query.where('from_user_id', '=', userId)
        : query.where('to_user_id', '=', userId).where('status', '!=', 'failed');
    const { rows, total } = await pageOf(query, (q) => q.select(columns).orderBy('id', 'desc'), { pageNo, pageSize });
    return { list: await this.withItems(rows), total };
  }

  async history(ids: readonly number[]): Promise<Map<number, { status: TransferStatus; time: number }[]>> {
    const byTransfer = new Map<number, { status: TransferStatus; time: number }[]>();
    if (ids.length === 0) return byTransfer;
    const rows = await this.db
      .selectFrom('phone_transfer_event')
      .select(['transfer_id as transferId', 'status', 'at'])
      .where('transfer_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const row of rows)
      byTransfer.set(row.transferId, [
        ...(byTransfer.get(row.transferId) ?? []),
        { status: row.status as TransferStatus, time: row.at },
      ]);
    return byTransfer;
  }

  private async withItems(rows: (Omit<PhoneTransfer, 'items' | 'status'> & { status: string })[]) {
    const ids = rows.map((r) => r.id);
    const items =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('phone_transfer_item')
            .select([
              'transfer_id as transferId',
              'user_phone_id as userPhoneId',
              'from_name as fromName',
              'from_name_no as fromNameNo',
              'to_name_no as toNameNo',
            ])
            .where('transfer_id', 'in', ids)
            .orderBy('user_phone_id')
            .execute();
    return rows.map((row): PhoneTransfer => ({
      ...row,
      status: row.status as TransferStatus,
      items: items.filter((i) => i.transferId === row.id).map(({ transferId: _, ...item }) => item),
    }));
  }
}
