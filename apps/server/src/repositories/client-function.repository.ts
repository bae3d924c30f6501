import type { FunctionKey } from '@cloudphone/contracts/client';
import type { AppDatabase } from '../db/database';

export interface ClientFunctionRow {
  key: FunctionKey;
  name: string;
  props: Record<string, unknown>;
  enable: boolean;
}

export class ClientFunctionRepository {
  constructor(private readonly db: AppDatabase) {}

  async list(clientId: number, onlyEnabled: boolean): Promise<ClientFunctionRow[]> {
    let query = this.db.selectFrom('client_function').selectAll().where('client_id', '=', clientId);
    if (onlyEnabled) query = query.where('enable', '=', 1);
    const rows = await query.orderBy('sort').execute();
    return rows.map((row) => ({
      key: row.function_key as FunctionKey,
      name: row.name,
      props: JSON.parse(row.props) as Record<string, unknown>,
      enable: row.enable === 1,
    }));
  }

  async isEnabled(clientId: number, key: FunctionKey): Promise<boolean> {
    const row = await this.db
      .selectFrom('client_function')
      .select('enable')
      .where('client_id', '=', clientId)
      .where('function_key', '=', key)
      .executeTakeFirst();
    return row?.enable === 1;
  }

  /** Sets one function's flag, creating its entry when the client has none yet. */
  async set(clientId: number, fn: ClientFunctionRow & { sort: number }): Promise<void> {
    const values = { name: fn.name, props: JSON.stringify(fn.props), enable: fn.enable ? 1 : 0, sort: fn.sort };
    await this.db
      .insertInto('client_function')
      .values({ client_id: clientId, function_key: fn.key, ...values })
      .onConflict((oc) => oc.columns(['client_id', 'function_key']).doUpdateSet(values))
      .execute();
  }
}
