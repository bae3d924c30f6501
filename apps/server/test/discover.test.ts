import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GOLD_MINER_APK, NEON_RACER_APK } from '@cloudphone/apk/fixtures';
import type { Advertisement } from '@cloudphone/contracts/content';
import type { Article, Game, SinglePage } from '@cloudphone/contracts/discover';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { FilePage, PushRecord } from '@cloudphone/contracts/files';
import type { LocalizedText } from '@cloudphone/contracts/locale';
import { InProcessJobRunner } from '../src/jobs/job-runner';
import { ANALYTICS_FORWARD_URL_KEY } from '../src/services/content/analytics.service';
import { AccountsClient, DAY, DEMO_USER, MINUTE, TestClock } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { FILES, settledPush, useFilesApp } from './helpers/files';
import { givePhones, instanceOf, myPhoneIds, OTHER_MOBILE } from './helpers/phones';
import { codeOf, dataOf, envelope, tenantHeaders } from './helpers/requests';
import { readBody } from './helpers/stand-in-http';

const ARTICLES = '/api/cms/article/page';
const SINGLE_PAGE = '/api/cms/single-page/get';
const ADVERTISEMENTS = '/api/cms/advertisement/list';
const GAMES = '/api/device/game';
const COLLECT = '/api/analytics/collect';

const GOLD_MINER_SIZE = statSync(GOLD_MINER_APK).size;
const NEON_RACER_SIZE = statSync(NEON_RACER_APK).size;

const text = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });

/** What the merchant's collector took: each POST body it was sent. */
interface Collector {
  url: string;
  bodies: { events: { event: string; properties: Record<string, unknown>; deviceId: string }[] }[];
  status: number;
  server: Server;
}

async function startCollector(): Promise<Collector> {
  const collector = { bodies: [], status: 200 } as unknown as Collector;
  collector.server = createServer((request, response) => {
    void readBody(request).then((body) => {
      collector.bodies.push(JSON.parse(body) as Collector['bodies'][number]);
      response.statusCode = collector.status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => collector.server.listen(0, '127.0.0.1', resolve));
  collector.url = `http://127.0.0.1:${(collector.server.address() as AddressInfo).port}/collect`;
  return collector;
}

describeEachDatabase('Discover (issue 29)', (open) => {
  describe('articles, single pages and banners', () => {
    let app: FastifyInstance;
    /** A second client of tenant 1 (the demo seed gives `demo` articles, games and a banner of its own). */
    let shop: { tenantId: number; clientId: number };
    let shopHeaders: Record<string, string>;
    beforeEach(async () => {
      app = await buildTestApp(await open());
      const client = await app.services.tenantAdmin.createClient({ tenantId: 1, clientNo: 'shop2', name: 'Shop' });
      shop = { tenantId: 1, clientId: client.id };
      shopHeaders = await tenantHeaders(app, 'shop2');
    });
    afterEach(async () => {
      await app.close();
    });

    const addPage = (
      kind: 'article' | 'page',
      title: LocalizedText,
      summary: LocalizedText,
      sort: number,
      at: number,
    ) =>
      app.repos.cmsPages.add(
        shop.tenantId,
        shop.clientId,
        {
          kind,
          title,
          summary,
          coverUrl: '',
          content: text(`<p>${title['zh-CN']}</p>`, `<p>${title['en-US']}</p>`),
          sort,
        },
        at,
      );
    const articles = async (query: string, headers = shopHeaders) =>
      dataOf<{ list: Article[]; total: number }>(await app.inject({ url: `${ARTICLES}?${query}`, headers }));

    it("pages the client's articles by sort then newest, and searches titles and summaries, not language keys", async () => {
      const t0 = Date.now();
      const guide = await addPage('article', text('挂机攻略', 'Idle guide'), text('十条技巧', 'Ten tips'), 0, t0);
      const many = await addPage('article', text('多开教程', 'Many phones at a time'), text('', ''), 0, t0 + 1_000);
      const notice = await addPage('article', text('公告', 'Notice'), text('今晚维护', 'Downtime tonight'), -1, t0);
      await addPage('page', text('关于我们', 'About'), text('', ''), -5, t0);

      const all = await articles('pageNo=1&pageSize=10');
      expect(all.list.map((a) => a.id)).toEqual([notice, many, guide]);
      expect(all.list[0]).toMatchObject({ title: '公告', summary: '今晚维护', coverUrl: '', createTime: t0 });
      expect(await articles('pageNo=2&pageSize=2')).toEqual({
        list: [expect.objectContaining({ id: guide })],
        total: 3,
      });
      const english = dataOf<{ list: Article[] }>(
        await app.inject({ url: ARTICLES, headers: { ...shopHeaders, 'accept-language': 'en-US' } }),
      );
      expect(english.list.map((a) => a.title)).toEqual(['Notice', 'Many phones at a time', 'Idle guide']);

      const found = async (keyword: string) =>
        (await articles(`keyword=${encodeURIComponent(keyword)}`)).list.map((a) => a.id);
      // "en" is only in the English summary "Ten tips"; neither it nor "zh"/"CN"/"en-US" match the stored keys.
      expect(await found('EN')).toEqual([guide]);
      for (const key of ['zh', 'CN', 'en-US', 'zh-CN']) expect(await found(key), key).toEqual([]);
      expect(await found('NOTICE')).toEqual([notice]);
      expect(await found('维护')).toEqual([notice]);
      expect((await articles('keyword=phone')).total).toBe(1);
      // The demo client's two seeded articles stay its own.
      expect((await articles('', await tenantHeaders(app, 'demo'))).total).toBe(2);
    });

    it("opens a page of the client by id, and refuses another client's page or a removed one", async () => {
      const about = await addPage('page', text('关于我们', 'About us'), text('', ''), 0, 1_000);
      const article = await addPage('article', text('挂机攻略', 'Idle guide'), text('', ''), 0, 2_000);
      const openPage = (id: number, headers = shopHeaders) => app.inject({ url: `${SINGLE_PAGE}?id=${id}`, headers });
      expect(dataOf<SinglePage>(await openPage(about))).toEqual({
        id: about,
        title: '关于我们',
        content: '<p>关于我们</p>',
        updateTime: 1_000,
      });
      expect(dataOf<SinglePage>(await openPage(article)).title).toBe('挂机攻略');

      const demoHeaders = await tenantHeaders(app, 'demo');
      const [demoArticle] = (await articles('', demoHeaders)).list;
      expect(codeOf(await openPage(demoArticle!.id, demoHeaders))).toBe(0);
      expect(envelope(await openPage(demoArticle!.id))).toMatchObject({ code: ERRORS.pageNotFound.code, data: null });
      expect(codeOf(await openPage(about, demoHeaders))).toBe(ERRORS.pageNotFound.code);

      expect(await app.repos.cmsPages.remove(shop.clientId, about, 3_000)).toBe(true);
      expect(codeOf(await openPage(about))).toBe(ERRORS.pageNotFound.code);
      expect((await articles('')).total).toBe(1);
      await app.repos.cmsPages.remove(shop.clientId, article, 3_000);
      expect(await articles('')).toEqual({ list: [], total: 0 });
    });

    it("lists the client's banners with the tenant-wide ones, never another client's", async () => {
      const banner = (title: string, sort: number) => ({
        position: 1,
        platformNo: 'H5',
        title,
        imageUrl: `/${title}.png`,
        linkUrl: '',
        sort,
      });
      await app.repos.content.addAdvertisement(shop, banner('shop only', 5));
      await app.repos.content.addAdvertisement({ tenantId: 1, clientId: null }, banner('every client', 1));
      const titles = async (headers: Record<string, string>) =>
        dataOf<Advertisement[]>(await app.inject({ url: `${ADVERTISEMENTS}?adPosition=1`, headers })).map(
          (ad) => ad.title,
        );
      expect(await titles(shopHeaders)).toEqual(['every client', 'shop only']);
      expect(await titles(await tenantHeaders(app, 'demo'))).toEqual(['Keep your games running 24/7', 'every client']);
      // Tenant 100's demo client has its own seeded banner, and nothing of tenant 1.
      expect(await titles(await tenantHeaders(app, 'tenant100'))).toEqual(['Keep your games running 24/7']);
    });

    it("links each demo client's banner to its own article on keeping games running, a page of the app", async () => {
      for (const clientNo of ['demo', 'tenant100']) {
        const headers = { ...(await tenantHeaders(app, clientNo)), 'accept-language': 'en-US' };
        const [banner] = dataOf<Advertisement[]>(await app.inject({ url: `${ADVERTISEMENTS}?adPosition=1`, headers }));
        const id = /^\/single-page\?id=(\d+)$/.exec(banner!.linkUrl)?.[1];
        expect(id).toBeDefined();
        const page = dataOf<SinglePage>(await app.inject({ url: `${SINGLE_PAGE}?id=${id}`, headers }));
        expect(page.title).toBe('Keep a game running around the clock');
      }
    });
  });

  describe('the game channel', () => {
    const t = useFilesApp(open);
    const demo = async () => ({ tenantId: t.me.tenantId, clientId: Number(t.api.headers['client-id']) });
    const games = async (query = '') =>
      dataOf<{ list: Game[]; total: number }>(await t.call('GET', `${GAMES}/page${query ? `?${query}` : ''}`));
    const pin = (gameId: number, pinned: boolean) => t.call('PUT', `${GAMES}/pin`, { payload: { gameId, pinned } });
    const install = (gameId: number, userPhoneIds: number[], headers?: Record<string, string>) =>
      t.call('POST', `${GAMES}/install`, { payload: { gameId, userPhoneIds }, headers });
    const library = async () => dataOf<FilePage>(await t.call('GET', `${FILES}/page`));
    /** The demo client's games the seed added: Gold Miner, then Neon Racer. */
    const seeded = async () => {
      const [gold, neon] = (await games()).list;
      expect([gold?.name, neon?.name]).toEqual(['Gold Miner', 'Neon Racer']);
      return { gold: gold!.id, neon: neon!.id };
    };
    /** A client of the same tenant, with a game of its own. */
    const shopGame = async () => {
      const shop = await t.app.services.tenantAdmin.createClient({ tenantId: 1, clientNo: 'shop2', name: 'Shop' });
      return t.app.services.games.add({ tenantId: 1, clientId: shop.id }, GOLD_MINER_APK, {
        name: text('店铺游戏', 'Shop game'),
        description: text('', ''),
        sort: -9,
      });
    };

    it("pages the client's games, the latest pinned first; pinning is idempotent and per client", async () => {
      const { gold, neon } = await seeded();
      const turbo = await t.app.services.games.add(await demo(), NEON_RACER_APK, {
        name: text('霓虹极速版', 'Neon Turbo'),
        description: text('更快', 'Faster'),
        sort: 5,
      });
      const other = await shopGame();

      const first = await games();
      expect(first.total).toBe(3);
      expect(first.list.map((g) => [g.id, g.pinned])).toEqual([
        [gold, false],
        [neon, false],
        [turbo, false],
      ]);
      expect(first.list[0]).toMatchObject({
        packageName: 'com.example.miner',
        versionName: '2.3.1',
        size: GOLD_MINER_SIZE,
        description: '经典挖金子，挂机也能赚。',
      });
      expect(first.list[0]!.icon).toMatch(/^data:image\/png;base64,/);

      const order = async () => (await games()).list.map((g) => (g.pinned ? `${g.id}*` : `${g.id}`));
      expect(codeOf(await pin(turbo, true))).toBe(0);
      t.clock.advance(1_000);
      expect(codeOf(await pin(neon, true))).toBe(0);
      t.clock.advance(1_000);
      expect(await order()).toEqual([`${neon}*`, `${turbo}*`, `${gold}`]);
      // Pinning again changes nothing, nor does unpinning twice.
      expect(codeOf(await pin(turbo, true))).toBe(0);
      expect(await order()).toEqual([`${neon}*`, `${turbo}*`, `${gold}`]);
      for (let i = 0; i < 2; i++) expect(codeOf(await pin(neon, false))).toBe(0);
      expect(await order()).toEqual([`${turbo}*`, `${gold}`, `${neon}`]);
      expect(await games('pageNo=2&pageSize=2')).toMatchObject({ list: [{ id: neon, pinned: false }], total: 3 });

      expect((await games('keyword=GOLD')).list.map((g) => g.id)).toEqual([gold]);
      expect((await games('keyword=%E9%9C%93%E8%99%B9')).list.map((g) => g.id)).toEqual([turbo, neon]); // 霓虹
      expect((await games('keyword=zh-CN')).total).toBe(0);

      // Another client's game, or none at all, cannot be pinned.
      expect(codeOf(await pin(other, true))).toBe(ERRORS.gameNotFound.code);
      expect(codeOf(await pin(999_999, true))).toBe(ERRORS.gameNotFound.code);
      expect(await order()).toEqual([`${turbo}*`, `${gold}`, `${neon}`]);
    });

    it('makes one batch of 50 concurrent installs with one Idempotency-Key, and answers each with it (issue 48)', async () => {
      const { gold } = await seeded();
      const phones = (await myPhoneIds(t)).slice(0, 2);
      const key = { 'idempotency-key': 'install-gold-7f3a' };
      const replies = await Promise.all(Array.from({ length: 50 }, () => install(gold, phones, key)));
      const batches = new Set(replies.map((reply) => dataOf<{ batchId: string }>(reply).batchId));
      expect(batches.size).toBe(1);
      const [batchId] = [...batches];
      expect((await settledPush(t, batchId!)).map((r) => r.userPhoneId).sort()).toEqual([...phones].sort());
      const pushed = await t.app.db
        .selectFrom('file_push')
        .select('batch_id')
        .where('user_id', '=', t.me.userId)
        .execute();
      expect(new Set(pushed.map((row) => row.batch_id))).toEqual(new Set([batchId]));
      // Sent again later with the key, it is still that batch.
      expect(dataOf<{ batchId: string }>(await install(gold, phones, key)).batchId).toBe(batchId);
    });

    it("installs a game through the library's push: one library copy, charged once, installed on each phone", async () => {
      const { gold, neon } = await seeded();
      const phones = (await myPhoneIds(t)).slice(0, 2);
      const { batchId } = dataOf<{ batchId: string }>(await install(gold, phones));
      const records = await settledPush(t, batchId);
      expect(records.map((r) => [r.userPhoneId, r.state, r.install]).sort()).toEqual(
        phones.map((id) => [id, 'install_success', true]).sort(),
      );
      for (const id of phones)
        expect(t.host.fleet.get(await instanceOf(t, id))!.state.apps).toEqual([
          expect.objectContaining({ packageName: 'com.example.miner' }),
        ]);
      const after = await library();
      expect(after).toMatchObject({ total: 1, usedBytes: GOLD_MINER_SIZE });
      expect(after.list[0]).toMatchObject({ kind: 'app', packageName: 'com.example.miner', size: GOLD_MINER_SIZE });
      expect(records.every((r) => r.fileId === after.list[0]!.fileId)).toBe(true);

      // Installed again, the same copy is pushed and nothing more is charged.
      const again = dataOf<{ batchId: string }>(await install(gold, [phones[0]!]));
      expect(await settledPush(t, again.batchId)).toEqual([
        expect.objectContaining({ fileId: after.list[0]!.fileId, state: 'install_success' }),
      ]);
      expect(await library()).toMatchObject({ total: 1, usedBytes: GOLD_MINER_SIZE });

      // Two installs of a game at once: one library row, charged once.
      const pair = await Promise.all([install(neon, [phones[0]!]), install(neon, [phones[1]!])]);
      expect(pair.map(codeOf)).toEqual([0, 0]);
      const pushed: PushRecord[] = [];
      for (const reply of pair) pushed.push(...(await settledPush(t, dataOf<{ batchId: string }>(reply).batchId)));
      const rows = await t.app.db
        .selectFrom('user_file')
        .select('id')
        .where('user_id', '=', t.me.userId)
        .where('package_name', '=', 'com.example.neonracer')
        .execute();
      expect(rows).toHaveLength(1);
      expect(pushed.map((r) => r.fileId)).toEqual([rows[0]!.id, rows[0]!.id]);
      expect(await library()).toMatchObject({ total: 2, usedBytes: GOLD_MINER_SIZE + NEON_RACER_SIZE });
    });

    it("refuses a phone the user cannot push to, an unknown or another client's game, and a full quota", async () => {
      const { gold, neon } = await seeded();
      const other = await shopGame();
      const [mine] = await myPhoneIds(t);
      const otherToken = (await t.api.smsLoginOk(OTHER_MOBILE)).accessToken;
      const otherUser = await t.app.repos.users.findByMobile(t.me.tenantId, OTHER_MOBILE);
      const [theirs] = await givePhones(
        t,
        { tenantId: t.me.tenantId, userId: otherUser!.id, token: otherToken },
        1,
        30,
      );

      // The same refusal as a push of a file of the library to that phone, before anything is charged.
      const viaFiles = envelope(
        await t.call('POST', `${FILES}/push`, { payload: { fileIds: [1], userPhoneIds: [theirs!.id] } }),
      );
      const viaGame = envelope(await install(gold, [mine!, theirs!.id]));
      expect(viaGame.code).not.toBe(0);
      expect(viaGame).toEqual(viaFiles);
      expect(viaGame.code).toBe(ERRORS.phoneNotFound.code);
      expect(await library()).toMatchObject({ total: 0, usedBytes: 0 });

      expect(codeOf(await install(999_999, [mine!]))).toBe(ERRORS.gameNotFound.code);
      expect(codeOf(await install(other, [mine!]))).toBe(ERRORS.gameNotFound.code);
      expect(await library()).toMatchObject({ total: 0, usedBytes: 0 });

      // A game already in the library takes no more room; a new one does not fit a full quota.
      const { batchId } = dataOf<{ batchId: string }>(await install(gold, [mine!]));
      await settledPush(t, batchId);
      await t.app.repos.config.setTenantValue(t.me.tenantId, 'upload.user.storage.mb', '0');
      expect(codeOf(await install(neon, [mine!]))).toBe(ERRORS.uploadQuotaExceeded.code);
      const again = dataOf<{ batchId: string }>(await install(gold, [mine!]));
      expect(await settledPush(t, again.batchId)).toEqual([expect.objectContaining({ state: 'install_success' })]);
      expect(await library()).toMatchObject({ total: 1, usedBytes: GOLD_MINER_SIZE });
    });
  });

  describe('the analytics collector', () => {
    let app: FastifyInstance;
    let clock: TestClock;
    let api: AccountsClient;
    let collector: Collector | undefined;
    beforeEach(async () => {
      clock = new TestClock();
      // No triggered runs: each test forwards when it says so.
      const jobs = new InProcessJobRunner({ triggers: false, onError: () => undefined });
      app = await buildTestApp(await open(), { clock, jobs });
      api = await AccountsClient.of(app);
    });
    afterEach(async () => {
      await app.close();
      collector?.server.close();
      collector = undefined;
    });

    const events = (count: number, name = 'page_view', from = 0) =>
      Array.from({ length: count }, (_, i) => ({ event: name, properties: { n: from + i }, time: clock.now() }));
    const collect = (
      body: object,
      { device = 'device-a', token, headers = api.headers }: { device?: string; token?: string; headers?: object } = {},
    ) =>
      app.inject({
        method: 'POST',
        url: COLLECT,
        payload: body,
        headers: { ...headers, 'device-id': device, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const stored = () =>
      app.db.selectFrom('analytics_event').select(['device_id', 'user_id', 'event']).orderBy('id').execute();

    it('takes named events with their user when signed in, and refuses bad names, 51 events or a large body', async () => {
      const { accessToken } = await api.loginOk();
      const me = await app.repos.users.findByMobile(1, DEMO_USER.mobile);
      expect(dataOf(await collect({ events: events(2) }, { token: accessToken }))).toEqual({ accepted: 2 });
      expect(dataOf(await collect({ events: events(1, 'a'.repeat(50)) }, { device: 'device-b' }))).toEqual({
        accepted: 1,
      });
      // A forged token only makes the events anonymous.
      expect(codeOf(await collect({ events: events(1, 'Signup_2') }, { token: 'forged' }))).toBe(0);
      expect(await stored()).toEqual([
        { device_id: 'device-a', user_id: me!.id, event: 'page_view' },
        { device_id: 'device-a', user_id: me!.id, event: 'page_view' },
        { device_id: 'device-b', user_id: null, event: 'a'.repeat(50) },
        { device_id: 'device-a', user_id: null, event: 'Signup_2' },
      ]);

      const refused = [
        { events: events(1, 'a'.repeat(51)) },
        { events: events(1, '1st_open') },
        { events: events(1, 'page-view') },
        { events: [{ event: 'click', properties: { 'button id': 'buy' }, time: 1 }] },
        { events: [{ event: 'click', properties: { _id: 'buy' }, time: 1 }] },
        { events: events(51) },
        { events: [] },
      ];
      for (const body of refused) expect(codeOf(await collect(body)), JSON.stringify(body)).toBe(1001);
      expect(dataOf(await collect({ events: events(50) }))).toEqual({ accepted: 50 });

      // Events of 30 properties of 500 characters: 4 fit in 64 KB, 5 do not and are refused unread.
      const properties = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, 'x'.repeat(500)]));
      const big = (count: number) => ({
        events: Array.from({ length: count }, () => ({ event: 'big', properties, time: 1 })),
      });
      expect(JSON.stringify(big(5)).length).toBeGreaterThan(64 * 1024);
      const tooBig = await collect(big(5));
      expect([tooBig.statusCode, tooBig.json()]).toEqual([413, expect.objectContaining({ code: 1001, data: null })]);
      expect(dataOf(await collect(big(4)))).toEqual({ accepted: 4 });
      expect(await stored()).toHaveLength(58);
    });

    it('takes 30 sends per device a minute: the 31st is refused, another device is still heard', async () => {
      for (let i = 0; i < 30; i++) expect(codeOf(await collect({ events: events(1) })), `send ${i + 1}`).toBe(0);
      expect(envelope(await collect({ events: events(1) }))).toMatchObject({ code: ERRORS.tooFrequent.code });
      expect(codeOf(await collect({ events: events(1) }, { device: 'device-b' }))).toBe(0);
      // The same device id of another tenant is counted apart.
      const ai = await tenantHeaders(app, 'tenant100');
      expect(codeOf(await collect({ events: events(1) }, { headers: ai }))).toBe(0);
      clock.advance(MINUTE);
      expect(codeOf(await collect({ events: events(1) }))).toBe(0);
      expect(await stored()).toHaveLength(33);
    });

    it("forwards to the tenant's collector in sends of at most 50, and keeps them while it answers 500", async () => {
      collector = await startCollector();
      await app.repos.config.setTenantValue(1, ANALYTICS_FORWARD_URL_KEY, collector.url);
      for (const [count, from] of [
        [50, 0],
        [50, 50],
        [20, 100],
      ] as const)
        expect(codeOf(await collect({ events: events(count, 'page_view', from) }))).toBe(0);
      // Another tenant without a collector: its events stay here.
      const ai = await tenantHeaders(app, 'tenant100');
      expect(codeOf(await collect({ events: events(1, 'elsewhere') }, { headers: ai }))).toBe(0);

      collector.status = 500;
      expect(await app.services.analytics.forward()).toBe(0);
      expect(collector.bodies.map((b) => b.events.length)).toEqual([50]);

      collector.status = 200;
      collector.bodies = [];
      expect(await app.services.analytics.forward()).toBe(120);
      expect(collector.bodies.map((b) => b.events.length)).toEqual([50, 50, 20]);
      const sent = collector.bodies.flatMap((b) => b.events);
      expect(sent.map((e) => e.properties.n)).toEqual(Array.from({ length: 120 }, (_, i) => i));
      expect(sent[0]).toMatchObject({ event: 'page_view', deviceId: 'device-a', userId: null });
      expect(sent.some((e) => e.event === 'elsewhere')).toBe(false);

      // Nothing is sent twice.
      expect(await app.services.analytics.forward()).toBe(0);
      expect(collector.bodies).toHaveLength(3);
    });

    it('reports events, signed-in users and devices per UTC day, the latest day first', async () => {
      const day = (at: number) => new Date(at).toISOString().slice(0, 10);
      const first = clock.now();
      const token = (await api.loginOk()).accessToken;
      await collect({ events: events(2) }, { token });
      await collect({ events: events(1) }, { device: 'device-b' });
      await collect({ events: events(4) }, { headers: await tenantHeaders(app, 'tenant100') });
      clock.advance(DAY);
      const next = (await api.loginOk()).accessToken;
      await collect({ events: events(1) }, { token: next });
      await collect({ events: events(1) }, { device: 'device-c', token: next });

      expect(await app.services.analytics.report(1, 7)).toEqual([
        { day: day(clock.now()), events: 2, users: 1, devices: 2 },
        { day: day(first), events: 3, users: 1, devices: 2 },
      ]);
      expect(await app.services.analytics.report(100, 7)).toEqual([
        { day: day(first), events: 4, users: 0, devices: 1 },
      ]);
      clock.advance(7 * DAY + 1);
      expect(await app.services.analytics.report(1, 7)).toEqual([]);
    });
  });
});
