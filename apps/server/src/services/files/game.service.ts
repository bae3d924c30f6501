import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Game as GameItem } from '@cloudphone/contracts/discover';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import { readApkFile } from '@cloudphone/apk';
import { AppError } from '../app-error';
import { inCallerLanguage } from '../../http/caller-language';
import type { BlobStore } from '../../providers/blob-store/blob-store';
import type { RepositoriesOf } from '../../repositories/index';
import type { AuthUser } from '../accounts/auth.service';
import type { PhoneGate } from '../phones/access/phone-access.service';
import type { Clock } from '../clock';
import type { FilePushService } from './file-push.service';
import type { FilesService } from './files.service';
import { matchesKeyword, pageOf } from '../content/text-search';

/**
 * The game channel (issue 29; spec §2): a client's games, each an app of the tenant's library; a user
 * pins games first (game customisation) and installs one onto phones. An install goes through the
 * push and install of the user's library, by game id only: the game's app joins the user's library
 * and that file is pushed, so every check of a push (phone access, locks, limits) holds as it is.
 */
export class GameService {
  constructor(
    private readonly deps: {
      repos: RepositoriesOf<'games'>;
      blobs: BlobStore;
      files: FilesService;
      pushes: FilePushService;
      clock: Clock;
    },
  ) {}

  async page(
    auth: AuthUser,
    query: { pageNo: number; pageSize: number; keyword?: string },
  ): Promise<{ list: GameItem[]; total: number }> {
    const [games, pins] = await Promise.all([
      this.deps.repos.games.ofClient(auth.clientId),
      this.deps.repos.games.pinsOf(auth.userId),
    ]);
    const found = games.filter((g) => matchesKeyword([g.name, g.description], query.keyword));
    // Pinned games first, the latest pinned on top; the rest in the merchant's order.
    const ordered = [...found].sort((a, b) => (pins.get(b.id) ?? 0) - (pins.get(a.id) ?? 0));
    const { list, total } = pageOf(ordered, query.pageNo, query.pageSize);
    return {
      list: list.map((g) => ({
        id: g.id,
        name: inCallerLanguage(g.name),
        description: inCallerLanguage(g.description),
        icon: g.app.icon ?? '',
        packageName: g.app.packageName,
        versionName: g.app.versionName,
        size: g.app.size,
        pinned: pins.has(g.id),
      })),
      total,
    };
  }

  async pin(auth: AuthUser, body: { gameId: number; pinned: boolean }): Promise<void> {
    if (!(await this.deps.repos.games.find(auth.clientId, body.gameId))) throw new AppError('gameNotFound');
    await this.deps.repos.games.setPinned(auth.userId, body.gameId, body.pinned, this.deps.clock.now());
  }

  /** Installs a game on phones; with an idempotency key, installing again (or racing) answers the first batch. */
  async install(
    gate: PhoneGate,
    body: { gameId: number; userPhoneIds: number[] },
    idempotencyKey?: string,
  ): Promise<{ batchId: string }> {
    const { auth } = gate;
    // The phones first, as the push checks them: a refused install leaves nothing in the library, and
    // whoever may not push to a phone learns nothing of games.
    await this.deps.pushes.phonesFor(gate, body.userPhoneIds);
    const game = await this.deps.repos.games.find(auth.clientId, body.gameId);
    if (!game) throw new AppError('gameNotFound');
    const fileId = await this.deps.files.addFromLibrary(auth, game.app);
    return this.deps.pushes.push(
      gate,
      { fileIds: [fileId], userPhoneIds: body.userPhoneIds, install: true },
      idempotencyKey,
    );
  }

  /**
   * Adds a game to a client's channel from an APK file (the admin CLI, the console): its package is read
   * and kept; `repos` is the caller's unit of work when the game is written with its audit row.
   */
  async add(
    client: { tenantId: number; clientId: number },
    apkPath: string,
    texts: { name?: LocalizedText; description: LocalizedText; sort: number },
    repos: RepositoriesOf<'games'> = this.deps.repos,
  ): Promise<number> {
    const facts = readApkFile(apkPath);
    const blob = await this.deps.blobs.write(createReadStream(apkPath));
    const label = { 'zh-CN': facts.label, 'en-US': facts.label };
    return repos.games.add(
      {
        ...client,
        name: texts.name ?? label,
        description: texts.description,
        sort: texts.sort,
        app: {
          sha256: blob.sha256,
          size: blob.size,
          fileName: basename(apkPath),
          packageName: facts.packageName,
          label: facts.label,
          versionName: facts.versionName,
          versionCode: facts.versionCode,
          icon: facts.icon,
        },
      },
      this.deps.clock.now(),
    );
  }
}
