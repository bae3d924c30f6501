import type { AppDatabase } from '../db/database';

/** One-time codes a merchant issues so its own host (or a non-h5 entry) can sign a user in. */
export class AuthCodeRepository {
  constructor(private readonly db: AppDatabase) {}

  async insert(code: {
    codeHash: string;
    tenantId: number;
    clientId: number;
    mobile: string;
    expiresAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('auth_code')
      .values({
        code_hash: code.codeHash,
        tenant_id: code.tenantId,
        client_id: code.clientId,
        mobile: code.mobile,
        expires_at: code.expiresAt,
      })
      .execute();
  }

  /** Uses a code once: the conditional write lets only one exchange win. Returns the mobile it names. */
  async use(codeHash: string, tenantId: number, now: number): Promise<string | undefined> {
    const row = await this.db
      .updateTable('auth_code')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('tenant_id', '=', tenantId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('mobile')
      .executeTakeFirst();
    return row?.mobile;
  }
}
