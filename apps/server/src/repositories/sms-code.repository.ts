import type { AppDatabase } from '../db/database';

export interface SmsCodeRow {
  id: number;
  codeHash: string;
  attempts: number;
  createdAt: number;
  expiresAt: number;
}

export class SmsCodeRepository {
  constructor(private readonly db: AppDatabase) {}

  async insert(code: {
    tenantId: number;
    mobile: string;
    scene: number;
    codeHash: string;
    ip: string;
    createdAt: number;
    expiresAt: number;
  }) {
    await this.db
      .insertInto('sms_code')
      .values({
        tenant_id: code.tenantId,
        mobile: code.mobile,
        scene: code.scene,
        code_hash: code.codeHash,
        attempts: 0,
        ip: code.ip,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
      })
      .execute();
  }

  /** The newest unused code of a number for a scene: only the latest code sent counts. */
  async latestUnused(tenantId: number, mobile: string, scene: number): Promise<SmsCodeRow | undefined> {
    return this.db
      .selectFrom('sms_code')
      .select(['id', 'code_hash as codeHash', 'attempts', 'created_at as createdAt', 'expires_at as expiresAt'])
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', mobile)
      .where('scene', '=', scene)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts one try of a code, unless it has had `maxTries` already: false then, and the code is spent. */
  async takeTry(id: number, maxTries: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sms_code')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxTries)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Single use: only one of several concurrent verifications can consume a code. */
  async consume(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sms_code')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Test support: makes a number's codes expired. */
  async expireAll(tenantId: number, mobile: string, now: number): Promise<void> {
    await this.db
      .updateTable('sms_code')
      .set({ expires_at: now - 1 })
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', mobile)
      .execute();
  }
}
