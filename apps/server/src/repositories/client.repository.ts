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
}

export type NewClient = Omit<Client, 'id'>;

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
  };
}

export class ClientRepository {
  constructor(private readonly db: AppDatabase) {}

  async findById(id: number): Promise<Client | undefined> {
    const row = await this.db.selectFrom('client').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toClient(row);
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
