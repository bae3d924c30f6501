import type { KeyMap } from '@cloudphone/contracts/key-maps';
import type { AppDatabase } from '../db/database';
import { inTransaction } from '../db/transaction';

const mapOf = (stored: string | null | undefined): KeyMap | null => (stored ? (JSON.parse(stored) as KeyMap) : null);

/** Key maps (issue 65): a user's own per package, and the default a game of a client's channel ships with. */
export class KeyMapRepository {
  constructor(private readonly db: AppDatabase) {}

  async own(userId: number, packageName: string): Promise<KeyMap | null> {
    const row = await this.db
      .selectFrom('key_map')
      .select('key_map')
      .where('user_id', '=', userId)
      .where('package_name', '=', packageName)
      .executeTakeFirst();
    return mapOf(row?.key_map);
  }

  /**
   * Keeps the user's map for the package, unless it would be a map past `max` for the account: false
   * then. The account's row is written first, so saves of one account queue behind each other and the
   * count is exact under any concurrency.
   */
  async keep(userId: number, packageName: string, map: KeyMap, now: number, max: number): Promise<boolean> {
    const keyMap = JSON.stringify(map);
    return inTransaction(this.db, async (tx) => {
      await tx
        .updateTable('app_user')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', userId)
        .execute();
      const others = await tx
        .selectFrom('key_map')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('package_name', '!=', packageName)
        .executeTakeFirstOrThrow();
      if (Number(others.count) >= max) return false;
      await tx
        .insertInto('key_map')
        .values({ user_id: userId, package_name: packageName, key_map: keyMap, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'package_name']).doUpdateSet({ key_map: keyMap, updated_at: now }))
        .execute();
      return true;
    });
  }

  async drop(userId: number, packageName: string): Promise<void> {
    await this.db.deleteFrom('key_map').where('user_id', '=', userId).where('package_name', '=', packageName).execute();
  }

  /** The default of the client's game with this package (the latest added, should two ship one). */
  async gameDefault(clientId: number, packageName: string): Promise<KeyMap | null> {
    const row = await this.db
      .selectFrom('game')
      .select('key_map')
      .where('client_id', '=', clientId)
      .where('package_name', '=', packageName)
      .where('deleted_at', 'is', null)
      .where('key_map', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return mapOf(row?.key_map);
  }

  /** The default the client's game `id` ships with; undefined when there is no such game. */
  async ofGame(clientId: number, id: number): Promise<KeyMap | null | undefined> {
    const row = await this.db
      .selectFrom('game')
      .select('key_map')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && mapOf(row.key_map);
  }

  /** Ships `map` with the game (null: none); false when there is no such game. */
  async setOfGame(clientId: number, id: number, map: KeyMap | null): Promise<boolean> {
    const result = await this.db
      .updateTable('game')
      .set({ key_map: map && JSON.stringify(map) })
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
