import { readFileSync } from 'node:fs';
import { AD_PLATFORM_H5, AD_POSITIONS } from '@cloudphone/contracts/content';
import { PackageParseError } from '@cloudphone/apk';
import { keyMapSchema } from '@cloudphone/contracts/key-maps';
import { AppError } from '../services/app-error';
import type { CmsPageKind } from '../repositories/cms-page.repository';
import type { Command, CliArgs } from './command';
import { catalogueText, oneOf, printedText, required, UsageError, tenantArg } from './command';
import { cliActor } from './console.commands';
import { CliRefusal, type CliContext } from './context';

/** `--sort N`, 0 when absent: lower comes first. */
function sortOf(args: CliArgs): number {
  const sort = Number(args.sort ?? 0);
  if (!Number.isInteger(sort)) throw new UsageError('--sort must be a whole number');
  return sort;
}

/** A text that may be left out (`--NAME`, `--NAME-zh`, `--NAME-en`): empty in both languages then. */
function optionalText(args: CliArgs, name: string) {
  return [name, `${name}-zh`, `${name}-en`].some((key) => args[key])
    ? catalogueText(args, name)
    : { 'zh-CN': '', 'en-US': '' };
}

/** What the shell says where the console's operation finds nothing to take down. */
const refused = (words: string) => (error: unknown) => {
  throw error instanceof AppError && ['notFound', 'gameNotFound'].includes(error.key) ? new CliRefusal(words) : error;
};

/** A key map file read: JSON of the map's format, else a usage error naming what is wrong. */
function keyMapOf(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError('the key map file is not JSON');
  }
  const parsed = keyMapSchema.safeParse(json);
  if (!parsed.success) throw new UsageError(`not a key map: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

async function clientOf({ services }: CliContext, args: CliArgs) {
  const client = await services.tenantAdmin.clientByNo(required(args, 'client-no'));
  return { tenantId: client.tenantId, clientId: client.id };
}

/** Discover's content per client — banners, articles, single pages, the game channel — and analytics (issue 29). */
export const discoverCommands: Command[] = [
  {
    name: 'ad:add',
    usage: 'ad:add --client-no NO --position N --title TITLE --image URL [--link URL] [--sort N] [--platform H5]',
    summary: `add a banner to a client's ad position (Discover's banners are position ${AD_POSITIONS.discover})`,
    run: async (ctx, args) => {
      const position = Number(required(args, 'position'));
      if (!Number.isInteger(position)) throw new UsageError('--position must be a whole number');
      const id = await ctx.repos.content.addAdvertisement(await clientOf(ctx, args), {
        position,
        platformNo: args.platform ?? AD_PLATFORM_H5,
        title: required(args, 'title'),
        imageUrl: required(args, 'image'),
        linkUrl: args.link ?? '',
        sort: sortOf(args),
      });
      ctx.print(`advertisement ${id} added`);
    },
  },
  {
    name: 'ad:remove',
    usage: 'ad:remove --tenant ID --id AD_ID',
    summary: 'take an advertisement down',
    run: async ({ repos, print }, args) => {
      if (!(await repos.content.removeAdvertisement(await tenantArg({ repos }, args), Number(required(args, 'id')))))
        throw new CliRefusal('no such advertisement');
      print('advertisement removed');
    },
  },
  {
    name: 'cms:add',
    usage:
      'cms:add --client-no NO --kind article|page (--title T | --title-zh 标题 --title-en T) (--content HTML | --file PATH | --content-zh/--content-en) [--summary S] [--cover URL] [--sort N]',
    summary: 'add an article (listed in Discover) or a single page (opened by id, e.g. from a banner) to a client',
    run: async (ctx, args) => {
      const kind = oneOf<CmsPageKind>(required(args, 'kind'), ['article', 'page'], 'kind');
      const content = args.file
        ? catalogueText({ content: readFileSync(args.file, 'utf8') }, 'content')
        : catalogueText(args, 'content');
      const { tenantId, clientId } = await clientOf(ctx, args);
      const id = await ctx.repos.cmsPages.add(
        tenantId,
        clientId,
        {
          kind,
          title: catalogueText(args, 'title'),
          summary: optionalText(args, 'summary'),
          coverUrl: args.cover ?? '',
          content,
          sort: sortOf(args),
        },
        ctx.services.clock.now(),
      );
      ctx.print(`${kind} ${id} added (open it at /single-page/${required(args, 'client-no')}?id=${id})`);
    },
  },
  {
    name: 'cms:list',
    usage: 'cms:list --client-no NO',
    summary: "list a client's articles and single pages",
    run: async (ctx, args) => {
      const { clientId } = await clientOf(ctx, args);
      for (const page of await ctx.repos.cmsPages.ofClient(clientId))
        ctx.print(`${page.id}\t${page.kind}\t${printedText(page.title)}`);
    },
  },
  {
    name: 'cms:remove',
    usage: 'cms:remove --client-no NO --id PAGE_ID',
    summary: 'take an article or single page down',
    run: async (ctx, args) => {
      const { tenantId, clientId } = await clientOf(ctx, args);
      await ctx.services.consoleDiscover
        .removePage(cliActor(), tenantId, clientId, Number(required(args, 'id')))
        .catch(refused('no such page'));
      ctx.print('page removed');
    },
  },
  {
    name: 'game:add',
    usage:
      'game:add --client-no NO --apk PATH [--name NAME | --name-zh 名称 --name-en NAME] [--description TEXT] [--sort N]',
    summary: "add a game to a client's game channel from an APK (its package, name and icon are read from it)",
    run: async (ctx, args) => {
      const client = await clientOf(ctx, args);
      const named = ['name', 'name-zh', 'name-en'].some((key) => args[key]);
      try {
        const id = await ctx.services.games.add(client, required(args, 'apk'), {
          name: named ? catalogueText(args, 'name') : undefined,
          description: optionalText(args, 'description'),
          sort: sortOf(args),
        });
        ctx.print(`game ${id} added`);
      } catch (error) {
        if (error instanceof PackageParseError) throw new CliRefusal(`not an app package: ${error.message}`);
        throw error;
      }
    },
  },
  {
    name: 'game:list',
    usage: 'game:list --client-no NO',
    summary: "list a client's game channel",
    run: async (ctx, args) => {
      const { clientId } = await clientOf(ctx, args);
      for (const game of await ctx.repos.games.ofClient(clientId))
        ctx.print(`${game.id}\t${printedText(game.name)}\t${game.app.packageName} ${game.app.versionName}`);
    },
  },
  {
    name: 'game:keymap',
    usage: 'game:keymap --client-no NO --id GAME_ID (--file MAP.json | --clear)',
    summary: "ship a default key map with a game (the SDK guide's format), or take it away",
    run: async (ctx, args) => {
      const { tenantId, clientId } = await clientOf(ctx, args);
      const map = 'clear' in args ? null : keyMapOf(readFileSync(required(args, 'file'), 'utf8'));
      const kept = await ctx.services.consoleDiscover
        .setGameKeyMap(cliActor(), tenantId, clientId, Number(required(args, 'id')), map)
        .catch(refused('no such game'));
      ctx.print(kept ? `key map of ${kept.controls.length} controls shipped` : 'key map taken away');
    },
  },
  {
    name: 'game:remove',
    usage: 'game:remove --client-no NO --id GAME_ID',
    summary: "take a game out of a client's game channel (copies in users' libraries stay)",
    run: async (ctx, args) => {
      const { tenantId, clientId } = await clientOf(ctx, args);
      await ctx.services.consoleDiscover
        .removeGame(cliActor(), tenantId, clientId, Number(required(args, 'id')))
        .catch(refused('no such game'));
      ctx.print('game removed');
    },
  },
  {
    name: 'analytics:forward',
    usage: 'analytics:forward --tenant ID --url URL | --tenant ID --off',
    summary: "forward a tenant's analytics events to its own collector (POST, JSON { events }, at most 50 per send)",
    run: async ({ repos, services, print }, args) => {
      const url = 'off' in args ? '' : required(args, 'url');
      if (url && !/^https?:\/\//.test(url)) throw new UsageError('--url must be an http(s) address');
      await services.consoleMessages.setAnalyticsForward(cliActor(), await tenantArg({ repos }, args), url);
      print(url ? `analytics forwarded to ${url}` : 'analytics forwarding off');
    },
  },
  {
    name: 'analytics:report',
    usage: 'analytics:report --tenant ID [--days N]',
    summary: 'events, signed-in users and devices per day (UTC) of a tenant, the latest day first',
    run: async ({ services, print, repos }, args) => {
      const days = Number(args.days ?? 14);
      if (!Number.isInteger(days) || days < 1) throw new UsageError('--days must be a whole number of days');
      const rows = await services.analytics.report(await tenantArg({ repos }, args), days);
      print('day\tevents\tusers\tdevices');
      for (const row of rows) print(`${row.day}\t${row.events}\t${row.users}\t${row.devices}`);
      if (rows.length === 0) print(`(no events in the last ${days} days)`);
    },
  },
];
