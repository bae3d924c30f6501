import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { GAME_APK_MAX_BYTES } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import { defineRoute } from '../../http/route';
import { AppError } from '../../services/app-error';

/** An APK's media type: its body is the package itself, streamed to a file, never held in memory. */
const APK_TYPE = 'application/vnd.android.package-archive';

/** Refuses a body past `max` bytes as it streams. */
function atMost(max: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > max ? new AppError('uploadTooLarge') : null, chunk);
    },
  });
}

/** /api/admin/discover: a client's Discover (issue 64). */
export default async function adminDiscoverRoutes(app: FastifyInstance) {
  const { consoleDiscover } = app.services;
  app.addContentTypeParser(APK_TYPE, (_request, payload, done) => done(null, payload));

  defineRoute(app, discover.banners, ({ operator, query }) =>
    consoleDiscover.banners(operator.tenantId, query.clientId),
  );
  defineRoute(app, discover.addBanner, ({ operator, actor, body: { image, ...banner } }) =>
    consoleDiscover.addBanner(actor, operator.tenantId, { ...banner, image: Buffer.from(image, 'base64') }),
  );
  defineRoute(app, discover.removeBanner, async ({ operator, actor, body }) => {
    await consoleDiscover.removeBanner(actor, operator.tenantId, body.clientId, body.id);
  });
  defineRoute(app, discover.pages, ({ operator, query }) => consoleDiscover.pages(operator.tenantId, query.clientId));
  defineRoute(app, discover.addPage, ({ operator, actor, body }) =>
    consoleDiscover.addPage(actor, operator.tenantId, body),
  );
  defineRoute(app, discover.removePage, async ({ operator, actor, body }) => {
    await consoleDiscover.removePage(actor, operator.tenantId, body.clientId, body.id);
  });
  defineRoute(app, discover.games, ({ operator, query }) => consoleDiscover.games(operator.tenantId, query.clientId));
  defineRoute(app, discover.removeGame, async ({ operator, actor, body }) => {
    await consoleDiscover.removeGame(actor, operator.tenantId, body.clientId, body.id);
  });
  defineRoute(app, discover.gameKeyMap, ({ operator, query }) =>
    consoleDiscover.gameKeyMap(operator.tenantId, query.clientId, query.id),
  );
  defineRoute(app, discover.setGameKeyMap, ({ operator, actor, body }) =>
    consoleDiscover.setGameKeyMap(actor, operator.tenantId, body.clientId, body.id, body.keyMap),
  );
  defineRoute(app, discover.uploadGame, async ({ request, operator, actor, query }) => {
    if (!(request.body instanceof Readable)) throw new AppError('packageParseError');
    // The package is read from a file of its own name (the library keeps it): written, read, removed.
    const folder = await mkdtemp(join(tmpdir(), 'cloudphone-game-'));
    try {
      const apkPath = join(folder, basename(query.fileName));
      await pipeline(request.body, atMost(GAME_APK_MAX_BYTES), createWriteStream(apkPath));
      return await consoleDiscover.addGame(actor, operator.tenantId, query.clientId, apkPath);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
}
