import type { OperatorRole } from '@cloudphone/contracts/operators';
import type { Selectable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { OperatorTable } from '../db/schema';

/** An operator as the server holds it (issue 62). */
export interface Operator {
  id: number;
  /** Null for a platform operator (every tenant). */
  tenantId: number | null;
  login: string;
  passwordHash: string;
  role: OperatorRole;
  totpSecret: string;
  createdAt: number;
  disabledAt: number | null;
}

const COLUMNS = [
  'id',
  'tenant_id',
  'login',
  'password_hash',
  'role',
  'totp_secret',
  'created_at',
  'disabled_at',
] as const;

type Row = Selectable<OperatorTable>;

const toOperator = (row: Row): Operator => ({
  id: row.id,
  tenantId: row.tenant_id,
  login: row.login,
  passwordHash: row.password_hash,
  role: row.role as OperatorRole,
  totpSecret: row.totp_secret,
  createdAt: Number(row.created_at),
  disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
});

/** A merchant's staff: who may sign in to its console, as what. */
export class OperatorRepository {
  constructor(private readonly db: AppDatabase) {}

  /** Adds one; a login already taken on the tenant throws the database's unique violation. */
  async create(operator: Omit<Operator, 'id' | 'disabledAt'>): Promise<number> {
    const row = await this.db
      .insertInto('operator')
      .values({
        tenant_id: operator.tenantId,
        login: operator.login,
        password_hash: operator.passwordHash,
        role: operator.role,
        totp_secret: operator.totpSecret,
        created_at: operator.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async findById(id: number): Promise<Operator | undefined> {
    const row = await this.db.selectFrom('operator').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toOperator(row);
  }

  /** The operator signing in with `login` on a tenant (null: the platform's). */
  async findByLogin(tenantId: number | null, login: string): Promise<Operator | undefined> {
    const row = await this.db
      .selectFrom('operator')
      .select(COLUMNS)
      .where('login', '=', login)
      .where('tenant_id', tenantId === null ? 'is' : '=', tenantId)
      .executeTakeFirst();
    return row && toOperator(row);
  }

  /** A tenant's operators, oldest first. */
  async ofTenant(tenantId: number): Promise<Operator[]> {
    const rows = await this.db
      .selectFrom('operator')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
    return rows.map(toOperator);
  }

  async setDisabledAt(id: number, disabledAt: number | null): Promise<void> {
    await this.db.updateTable('operator').set({ disabled_at: disabledAt }).where('id', '=', id).execute();
  }
}
