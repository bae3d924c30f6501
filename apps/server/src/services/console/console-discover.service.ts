import { AD_PLATFORM_H5, AD_POSITIONS } from '@cloudphone/contracts/content';
import type { AdminBanner, AdminGame, AdminPage } from '@cloudphone/contracts/console-content';
import type { KeyMap } from '@cloudphone/contracts/key-maps';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import { PackageParseError } from '@cloudphone/apk';
import type { AuditActor } from '../../repositories/audit.repository';
import type { CmsPage, CmsPageKind } from '../../repositories/cms-page.repository';
import type { Game } from '../../repositories/game.repository';
import type { Repositories } from '../../repositories/index';
import { AppError } from '../app-error';
import type { Clock } from '../clock';
import type { BrandService } from '../content/brand.service';
import type { GameService } from '../files/game.service';
import { checkedKeyMap } from '../files/key-map.service';
import type { AuditTrail } from './audit-trail';
import type { ConsoleClients } from './console-clients.service';

const DISCOVER = { position: AD_POSITIONS.discover, platformNo: AD_PLATFORM_H5 };
const NO_TEXT: LocalizedText = { 'zh-CN': '', 'en-US': '' };

const pageOf = (page: CmsPage): AdminPage => ({
  id: page.id,
  kind: page.kind,
  title: page.title,
  summary: page.summary,
  content: page.content,
  updatedAt: page.updatedAt,
});

const gameOf = (game: Game): AdminGame => ({
  id: game.id,
  name: game.name,
  packageName: game.app.packageName,
  versionName: game.app.versionName,
  size: game.app.size,
  icon: game.app.icon ?? '',
});

/**
 * A client's Discover as its staff edit it (issue 64) — banners, articles and single pages, the game
 * channel — the operations `ad:*`, `cms:*` and `game:*` are the shell's face of; each change is written
 * with its audit row, and each reading is the client's own tenant's only.
 */
export class ConsoleDiscover {
  constructor(
    private readonly deps: {
      repos: Repositories;
      clock: Clock;
      audit: AuditTrail;
      brand: BrandService;
      games: GameService;
      consoleClients: ConsoleClients;
    },
  ) {}

  async banners(tenantId: number, clientId: number): Promise<AdminBanner[]> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    return this.deps.repos.content.advertisements(
      { tenantId, clientId: client.id },
      DISCOVER.position,
      DISCOVER.platformNo,
    );
  }

  async addBanner(
    actor: AuditActor,
    tenantId: number,
    banner: { clientId: number; title: string; image: Buffer; linkUrl: string; sort: number },
  ): Promise<AdminBanner> {
    const client = await this.deps.consoleClients.client(tenantId, banner.clientId);
    const picture = await this.deps.brand.keepPicture(client.clientNo, banner.image);
    const shown = { title: banner.title, imageUrl: picture.url, linkUrl: banner.linkUrl, sort: banner.sort };
    return this.deps.repos.transaction(async (tx) => {
      const owner = { tenantId, clientId: client.id };
      const id = await tx.content.addAdvertisement(owner, { ...DISCOVER, ...shown, imageSha256: picture.sha256 });
      await this.record(tx, actor, tenantId, 'banner.add', ['banner', id], { client: client.clientNo, ...shown });
      return { id, ...shown };
    });
  }

  async removeBanner(actor: AuditActor, tenantId: number, clientId: number, id: number): Promise<void> {
    await this.deps.consoleClients.client(tenantId, clientId);
    await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.content.removeAdvertisement(tenantId, id))) throw new AppError('notFound');
      await this.record(tx, actor, tenantId, 'banner.remove', ['banner', id]);
    });
  }

  async pages(tenantId: number, clientId: number): Promise<AdminPage[]> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    return (await this.deps.repos.cmsPages.ofClient(client.id)).map(pageOf);
  }

  async addPage(
    actor: AuditActor,
    tenantId: number,
    page: {
      clientId: number;
      kind: CmsPageKind;
      title: LocalizedText;
      summary: LocalizedText;
      content: LocalizedText;
      sort: number;
    },
  ): Promise<AdminPage> {
    const client = await this.deps.consoleClients.client(tenantId, page.clientId);
    return this.deps.repos.transaction(async (tx) => {
      const { clientId: _client, ...fields } = page;
      const id = await tx.cmsPages.add(tenantId, client.id, { ...fields, coverUrl: '' }, this.deps.clock.now());
      // The body may be a long page: the trail keeps its kind and title.
      await this.record(tx, actor, tenantId, 'page.add', ['page', id], { kind: page.kind, title: page.title });
      return pageOf((await tx.cmsPages.find(client.id, id))!);
    });
  }

  async removePage(actor: AuditActor, tenantId: number, clientId: number, id: number): Promise<void> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.cmsPages.remove(client.id, id, this.deps.clock.now()))) throw new AppError('notFound');
      await this.record(tx, actor, tenantId, 'page.remove', ['page', id]);
    });
  }

  async games(tenantId: number, clientId: number): Promise<AdminGame[]> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    return (await this.deps.repos.games.ofClient(client.id)).map(gameOf);
  }

  /** A game from the APK at `apkPath` (its package, name and icon read from it), last in the channel. */
  async addGame(actor: AuditActor, tenantId: number, clientId: number, apkPath: string): Promise<AdminGame> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    return this.deps.repos.transaction(async (tx) => {
      const sort = (await tx.games.ofClient(client.id)).reduce((last, game) => Math.max(last, game.sort + 1), 0);
      const id = await this.deps.games
        .add({ tenantId, clientId: client.id }, apkPath, { description: NO_TEXT, sort }, tx)
        .catch((error: unknown) => {
          throw error instanceof PackageParseError ? new AppError('packageParseError') : error;
        });
      const game = gameOf((await tx.games.find(client.id, id))!);
      await this.record(tx, actor, tenantId, 'game.add', ['game', id], {
        client: client.clientNo,
        name: game.name,
        packageName: game.packageName,
        versionName: game.versionName,
      });
      return game;
    });
  }

  async removeGame(actor: AuditActor, tenantId: number, clientId: number, id: number): Promise<void> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.games.remove(client.id, id, this.deps.clock.now()))) throw new AppError('gameNotFound');
      await this.record(tx, actor, tenantId, 'game.remove', ['game', id]);
    });
  }

  /** The key map a game ships with (issue 65); null for none. */
  async gameKeyMap(tenantId: number, clientId: number, id: number): Promise<KeyMap | null> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    const map = await this.deps.repos.keyMaps.ofGame(client.id, id);
    if (map === undefined) throw new AppError('gameNotFound');
    return map;
  }

  /** Ships `map` with the game (null takes it away): customers without a copy of their own play it next. */
  async setGameKeyMap(
    actor: AuditActor,
    tenantId: number,
    clientId: number,
    id: number,
    map: KeyMap | null,
  ): Promise<KeyMap | null> {
    const client = await this.deps.consoleClients.client(tenantId, clientId);
    const kept = map && checkedKeyMap(map);
    await this.deps.repos.transaction(async (tx) => {
      if (!(await tx.keyMaps.setOfGame(client.id, id, kept))) throw new AppError('gameNotFound');
      await this.record(tx, actor, tenantId, 'game.keymap', ['game', id], {
        controls: kept?.controls.length ?? 0,
      });
    });
    return kept;
  }

  private record(
    tx: Repositories,
    actor: AuditActor,
    tenantId: number,
    action: 'banner.add' | 'banner.remove' | 'page.add' | 'page.remove' | 'game.add' | 'game.remove' | 'game.keymap',
    [type, id]: [string, number],
    after?: object,
  ) {
    return this.deps.audit.record(tx, actor, tenantId, { action, target: [type, String(id)], after });
  }
}
