import type { MessageKind, MessageType, UnreadCount } from '@cloudphone/contracts/messages';
import type { AppDatabase } from '../db/database';
import { pageOf } from '../db/paging';

/** A stored message: its kind and parameters, as written. */
export interface StoredMessage {
  id: number;
  tenantId: number;
  userId: number;
  type: MessageType;
  kind: MessageKind;
  params: unknown;
  read: boolean;
  createdAt: number;
}

export interface NewMessage {
  tenantId: number;
  userId: number;
  type: MessageType;
  kind: MessageKind;
  params: object;
  dedupeKey?: string;
  createdAt: number;
}

const COLUMNS = ['id', 'tenant_id', 'user_id', 'type', 'kind', 'params', 'read_at', 'created_at'] as const;
type Row = {
  id: number;
  tenant_id: number;
  user_id: number;
  type: string;
  kind: string;
  params: string;
  read_at: number | null;
  created_at: number;
};
const toMessage = (r: Row): StoredMessage => ({
  id: r.id,
  tenantId: r.tenant_id,
  userId: r.user_id,
  type: r.type as MessageType,
  kind: r.kind as MessageKind,
  params: JSON.parse(r.params) as unknown,
  read: r.read_at !== null,
  createdAt: Number(r.created_at),
});

/** A user's messages (issue 24); every read and change names the user, so no one reaches another's. */
export class MessageRepository {
  constructor(private readonly db: AppDatabase) {}

  /** Writes a message; with a dedupe key, only the first of its event (null when it existed). */
  async create(message: NewMessage): Promise<number | null> {
    const row = await this.db
      .insertInto('message')
      .values({
        tenant_id: message.tenantId,
        user_id: message.userId,
        type: message.type,
        kind: message.kind,
        params: JSON.stringify(message.params),
        dedupe_key: message.dedupeKey ?? null,
        read_at: null,
        created_at: message.createdAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The same message to every user of a tenant; how many it reached. */
  async createForTenant(tenantId: number, kind: MessageKind, params: object, createdAt: number): Promise<number> {
    // Every active user of the tenant, read and written in one unit of work with the broadcast.
    const users = await this.db
      .selectFrom('app_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'active')
      .execute();
    if (users.length === 0) return 0;
    const json = JSON.stringify(params);
    const rows = users.map((u) => ({
      tenant_id: tenantId,
      user_id: u.id,
      type: 'system',
      kind,
      params: json,
      dedupe_key: null,
      read_at: null,
      created_at: createdAt,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await this.db
        .insertInto('message')
        .values(rows.slice(i, i + 500))
        .execute();
    return rows.length;
  }

  async page(
    userId: number,
    type: MessageType | 'all',
    pageNo: number,
    pageSize: number,
  ): Promise<{ list: StoredMessage[]; total: number }> {
    let query = this.db.selectFrom('message').where('user_id', '=', userId);
    if (type !== 'all') query = query.where('type', '=', type);
    const { rows, total } = await pageOf(query, (q) => q.select(COLUMNS).orderBy('id', 'desc'), { pageNo, pageSize });
    return { list: rows.map(toMessage), total };
  }

  async find(userId: number, id: number): Promise<StoredMessage | undefined> {
    const row = await this.db
      .selectFrom('message')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toMessage(row);
  }

  async unread(userId: number): Promise<UnreadCount> {
    const rows = await this.db
      .selectFrom('message')
      .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .groupBy('type')
      .execute();
    const of = (type: MessageType) => Number(rows.find((r) => r.type === type)?.n ?? 0);
    return { all: of('system') + of('assistant'), system: of('system'), assistant: of('assistant') };
  }

  async markRead(userId: number, ids: readonly number[], now: number): Promise<void> {
    await this.db
      .updateTable('message')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
  }

  async markAllRead(userId: number, type: MessageType | undefined, now: number): Promise<void> {
    let query = this.db.updateTable('message').set({ read_at: now }).where('user_id', '=', userId);
    if (type) query = query.where('type', '=', type);
    await query.where('read_at', 'is', null).execute();
  }

  // — merchant keys and the signatures they used

  async createMerchantKey(tenantId: number, accessKey: string, secretKey: string, now: number): Promise<void> {
    await this.db
      .insertInto('merchant_key')
      .values({ access_key: accessKey, tenant_id: tenantId, secret_key: secretKey, created_at: now })
      .execute();
  }

  async merchantKey(accessKey: string): Promise<{ tenantId: number; secretKey: string } | undefined> {
    return this.db
      .selectFrom('merchant_key')
      .select(['tenant_id as tenantId', 'secret_key as secretKey'])
      .where('access_key', '=', accessKey)
      .executeTakeFirst();
  }

  /** True the first time a signature is used; a repeat within its window is refused (one statement, race-free). */
  async firstUseOfSignature(accessKey: string, signature: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db.deleteFrom('merchant_signature').where('expires_at', '<', now).execute();
    const row = await this.db
      .insertInto('merchant_signature')
      .values({ access_key: accessKey, signature, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['access_key', 'signature']).doNothing())
      .returning('signature')
      .executeTakeFirst();
    return row !== undefined;
  }
}
