import type { LocalizedText } from '@cloudphone/contracts/locale';
import type { AppDatabase } from '../db/database';
import { storedText, textOfStored } from './catalogue-text';
import type { AppFacts } from './user-file.row';

export interface GameApp extends AppFacts {
  sha256: string;
  size: number;
  fileName: string;
}

export interface Game {
  id: number;
  tenantId: number;
  clientId: number;
  name: LocalizedText;
  description: LocalizedText;
  app: GameApp;
  sort: number;
}

/** A client's game channel (issue 29): games, each an app of the tenant's library, and users' pins. */
export class GameRepository {
  constructor(private readonly db: AppDatabase) {}

  async add(game: Omit<Game, 'id'>, now: number): Promise<number> {
    const row = await this.db
      .insertInto('game')
      .values({
        tenant_id: game.tenantId,
        client_id: game.clientId,
        name: storedText(game.name),
        description: storedText(game.description),
        sha256: game.app.sha256,
        size: game.app.size,
        file_name: game.app.fileName,
        package_name: game.app.packageName,
        label: game.app.label,
        version_name: game.app.versionName,
        version_code: game.app.versionCode,
        icon: game.app.icon,
        sort: game.sort,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async remove(clientId: number, id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('game')
      .set({ deleted_at: now })
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The client's games in the merchant's order. */
  async ofClient(clientId: number): Promise<Game[]> {
    const rows = await this.db
      .selectFrom('game')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(gameOfRow);
  }

  async find(clientId: number, id: number): Promise<Game | undefined> {
    const row = await this.db
      .selectFrom('game')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && gameOfRow(row);
  }

  /** The games a user pinned, with when: the latest pinned comes first. */
  async pinsOf(userId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('game_pin')
      .select(['game_id', 'pinned_at'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((r) => [r.game_id, Number(r.pinned_at)]));
  }

  /** Pinning twice, or unpinning a game not pinned, changes nothing. */
  async setPinned(userId: number, gameId: number, pinned: boolean, now: number): Promise<void> {
    if (!pinned) {
      await this.db.deleteFrom('game_pin').where('user_id', '=', userId).where('game_id', '=', gameId).execute();
      return;
    }
    await this.db
      .insertInto('game_pin')
      .values({ user_id: userId, game_id: gameId, pinned_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
      .execute();
  }
}

type GameRow = {
  id: number;
  tenant_id: number;
  client_id: number;
  name: string;
  description: string;
  sha256: string;
  size: number;
  file_name: string;
  package_name: string;
  label: string;
  version_name: string;
  version_code: number;
  icon: string | null;
  sort: number;
};

function gameOfRow(row: GameRow): Game {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    clientId: row.client_id,
    name: textOfStored(row.name),
    description: textOfStored(row.description),
    app: {
      sha256: row.sha256,
      size: Number(row.size),
      fileName: row.file_name,
      packageName: row.package_name,
      label: row.label,
      versionName: row.version_name,
      versionCode: Number(row.version_code),
      icon: row.icon,
    },
    sort: row.sort,
  };
}
