import type { Selectable } from 'kysely';
import type { ThemeName } from '@cloudphone/contracts/theme';
import type { Platform } from '@cloudphone/contracts/client';
import type { AppDatabase } from '../db/database';
import type { ClientTable } from '../db/schema';

export interface Client {
  id: number;
  tenantId: number;
  clientNo: string;
  name: string;
  logoUrl: string;
  theme: ThemeName;
  platform: Platform;
  aiMode: boolean;
  /** The logo the merchant gave, in the blob store (issue 22); null: the product's own. */
  logoSha256: string | null;
}

export type NewClient = Omit<Client, 'id' | 'logoSha256'>;

function toClient(row: Selectable<ClientTable>): Client {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    clientNo: row.client_no,
    name: row.name,
    logoUrl: row.logo_url,
    theme: row.theme as ThemeName,
    platform: row.platform as Platform,
    aiMode: row.ai_mode === 1,
    logoSha256: row.logo_sha256,
  };
}

/** Client ids are 32-bit integer columns. */
const MAX_CLIENT_ID = 2_147_483_647;

export class ClientRepository {
  constructor(private readonly db: AppDatabase) {}

  async findById(id: number): Promise<Client | undefined> {
    // An id from a header may be anything: one no row can have is not worth a query (PostgreSQL refuses
    // to compare NaN or a number past the column's range, which would answer "system exception").
    if (!Number.isInteger(id) || id <= 0 || id > MAX_CLIENT_ID) return undefined;
    const row = await this.db.selectFrom('client').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toClient(row);
  }

  /** A tenant's clients, oldest first (the console's list: a merchant has a handful). */
  async ofTenant(tenantId: number): Promise<Client[]> {
    const rows = await this.db
      .selectFrom('client')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
    return rows.map(toClient);
  }

  async findByClientNo(clientNo: string): Promise<Client | undefined> {
    const row = await this.db.selectFrom('client').selectAll().where('client_no', '=', clientNo).executeTakeFirst();
    return row && toClient(row);
  }

  async create(client: NewClient): Promise<Client> {
    const row = await this.db
      .insertInto('client')
      .values({
        tenant_id: client.tenantId,
        client_no: client.clientNo,
        name: client.name,
        logo_url: client.logoUrl,
        theme: client.theme,
        platform: client.platform,
        ai_mode: client.aiMode ? 1 : 0,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toClient(row);
  }

  /** The client's logo, kept in the blob store, and the URL the app shows it at. */
  async setLogo(id: number, logoSha256: string, logoUrl: string): Promise<void> {
    await this.db
      .updateTable('client')
      .set({ logo_sha256: logoSha256, logo_url: logoUrl })
      .where('id', '=', id)
      .execute();
  }

  async update(id: number, changes: Partial<Pick<Client, 'name' | 'logoUrl' | 'theme' | 'platform' | 'aiMode'>>) {
    await this.db
      .updateTable('client')
      .set({
        name: changes.name,
        logo_url: changes.logoUrl,
        theme: changes.theme,
        platform: changes.platform,
        ai_mode: changes.aiMode === undefined ? undefined : changes.aiMode ? 1 : 0,
      })
      .where('id', '=', id)
      .execute();
  }
}
