import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { GOLD_MINER_APK } from '@cloudphone/apk/fixtures';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { OperatorRole } from '@cloudphone/contracts/operators';
import { buyOf, commerceClient } from './helpers/commerce';
import { describeEachDatabase } from './helpers/databases';
import { signedInOperator } from './helpers/operators';
import { usePhoneApp } from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * The console's content and dashboard (issue 64): Discover's banners, pages and games and the
 * merchant's broadcasts reach its customers' apps; the assistant's key goes in and never out; the
 * dashboard counts a day's money as orders are paid — each tenant's its own operators' only.
 */
describeEachDatabase('the console’s content and dashboard (issue 64)', (open) => {
  const t = usePhoneApp(open);
  const operator = (role: OperatorRole, tenantId: number | null = t.me.tenantId) =>
    signedInOperator(t.app, tenantId, role, { now: t.clock.now() });
  const admin = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, payload, headers: { authorization: `Bearer ${token}` } });
  const demoClientId = async (token: string) =>
    dataOf<{ clientId: number; clientNo: string }[]>(await admin(token, 'GET', '/api/admin/session/clients')).find(
      (client) => client.clientNo === 'demo',
    )!.clientId;

  it('puts a banner, an article and a game before the customers, and takes them down; another tenant touches none', async () => {
    const ops = await operator('operations');
    const clientId = await demoClientId(ops);
    const canvas = createCanvas(200, 100);
    canvas.getContext('2d').fillRect(0, 0, 200, 100);
    const image = canvas.toBuffer('image/png').toString('base64');
    const banner = dataOf<{ id: number; imageUrl: string }>(
      await admin(ops, 'POST', '/api/admin/discover/banners/add', {
        clientId,
        title: 'Play now',
        image,
        linkUrl: '/game-list',
        sort: -1,
      }),
    );
    const shown = dataOf<{ id: number; linkUrl: string }[]>(
      await t.call('GET', '/api/cms/advertisement/list?adPosition=1'),
    );
    expect(shown[0]).toMatchObject({ id: banner.id, linkUrl: '/game-list' });
    const picture = await t.app.inject({ method: 'GET', url: banner.imageUrl });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/png']);

    const page = dataOf<{ id: number }>(
      await admin(ops, 'POST', '/api/admin/discover/pages/add', {
        clientId,
        kind: 'page',
        title: { 'zh-CN': '活动', 'en-US': 'Event' },
        summary: { 'zh-CN': '', 'en-US': '' },
        content: { 'zh-CN': '<p>活动</p>', 'en-US': '<p>Event</p>' },
        sort: 0,
      }),
    );
    const single = await t.call('GET', `/api/cms/single-page/get?id=${page.id}`);
    expect(dataOf<{ content: string }>(single).content).toContain('活动');

    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/discover/games/upload?clientId=${clientId}&fileName=gold-miner.apk`,
      payload: readFileSync(GOLD_MINER_APK),
      headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/vnd.android.package-archive' },
    });
    const game = dataOf<{ id: number; packageName: string; icon: string }>(upload);
    expect(game.icon).toMatch(/^data:image\//);
    const channel = dataOf<{ list: { id: number; icon: string }[] }>(await t.call('GET', '/api/device/game/page'));
    expect(channel.list.map((g) => g.id)).toContain(game.id);
    const notApk = await t.app.inject({
      method: 'POST',
      url: `/api/admin/discover/games/upload?clientId=${clientId}&fileName=notes.apk`,
      payload: Buffer.from('not a package'),
      headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/vnd.android.package-archive' },
    });
    expect(codeOf(notApk)).toBe(ERRORS.packageParseError.code);

    // Another merchant's operator neither sees nor takes down any of it.
    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    const theirs = await operator('owner', other.id);
    expect(codeOf(await admin(theirs, 'GET', `/api/admin/discover/banners?clientId=${clientId}`))).toBe(
      ERRORS.clientNotOfTenant.code,
    );
    const takeDown = { clientId, id: banner.id };
    expect(codeOf(await admin(theirs, 'POST', '/api/admin/discover/banners/remove', takeDown))).toBe(
      ERRORS.clientNotOfTenant.code,
    );
    await admin(ops, 'POST', '/api/admin/discover/banners/remove', takeDown);
    await admin(ops, 'POST', '/api/admin/discover/games/remove', { clientId, id: game.id });
    expect(dataOf<unknown[]>(await t.call('GET', '/api/cms/advertisement/list?adPosition=1'))).not.toContainEqual(
      expect.objectContaining({ id: banner.id }),
    );
    expect(codeOf(await t.app.inject({ method: 'GET', url: banner.imageUrl }))).toBe(ERRORS.notFound.code);
    const trail = await t.app.services.auditTrail.list(t.me.tenantId, {}, { pageNo: 1, pageSize: 50 });
    expect(trail.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['banner.add', 'banner.remove', 'page.add', 'game.add', 'game.remove']),
    );
  });

  it('broadcasts to the merchant’s customers and keeps what went; the assistant’s key never comes back', async () => {
    const ops = await operator('operations');
    const sent = dataOf<{ recipients: number }>(
      await admin(ops, 'POST', '/api/admin/messages/broadcast', { title: 'Maintenance', content: 'Tonight 2:00' }),
    );
    expect(sent.recipients).toBeGreaterThanOrEqual(2);
    const inbox = dataOf<{ list: { title: string }[] }>(await t.call('GET', '/api/message/page?type=system'));
    expect(inbox.list.map((m) => m.title)).toContain('Maintenance');
    const history = dataOf<{ list: { title: string; recipients: number; sentBy: string }[] }>(
      await admin(await operator('support'), 'GET', '/api/admin/messages/sent'),
    );
    expect(history.list[0]).toMatchObject({
      title: 'Maintenance',
      recipients: sent.recipients,
      sentBy: 'operations-1',
    });

    const key = 'sk-secret-assistant-key-0123456789';
    const replies = [
      await admin(ops, 'POST', '/api/admin/messages/assistant/set', {
        url: 'http://127.0.0.1:9/v1',
        model: 'm1',
        key,
      }),
      await admin(ops, 'POST', '/api/admin/messages/assistant/set', { url: 'http://127.0.0.1:9/v2', model: 'm2' }),
      await admin(ops, 'GET', '/api/admin/messages/assistant'),
    ];
    expect(dataOf(replies[2]!)).toEqual({ url: 'http://127.0.0.1:9/v2', model: 'm2', keySet: true });
    const test = await admin(ops, 'POST', '/api/admin/messages/assistant/test', { question: 'Hello?' });
    expect(codeOf(test)).toBe(ERRORS.assistantFailed.code);
    const trail = await t.app.services.auditTrail.list(t.me.tenantId, {}, { pageNo: 1, pageSize: 50 });
    for (const text of [...replies, test].map((reply) => reply.body).concat(JSON.stringify(trail.rows)))
      expect(text).not.toContain(key);
    // Finance reads content; it changes none.
    const finance = await operator('finance');
    expect(codeOf(await admin(finance, 'POST', '/api/admin/messages/broadcast', { title: 'x', content: 'y' }))).toBe(
      ERRORS.operatorRoleForbidden.code,
    );
  });

  it('counts a paid order in its day’s revenue for the merchant and its client; support sees no revenue', async () => {
    const shop = commerceClient(t);
    const { product, pkg } = await shop.packageOf('standard', 7);
    const order = await shop.paid(buyOf(product, pkg, 1));
    const finance = await operator('finance');
    const day = today(t.clock.now());
    const read = async (token: string, clientId?: number) =>
      dataOf<{ days: { day: string; revenueCents: number; orders: number; phonesSold: number }[] }>(
        await admin(
          token,
          'GET',
          `/api/admin/dashboard?from=${day}&to=${day}${clientId ? `&clientId=${clientId}` : ''}`,
        ),
      );
    const [mine] = (await read(finance)).days;
    expect(mine).toMatchObject({ day, orders: 1, phonesSold: 1, revenueCents: order.payPriceCents });
    expect((await read(finance, await demoClientId(finance))).days[0]!.orders).toBe(1);

    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    expect((await read(await operator('owner', other.id))).days[0]!.orders).toBe(0);
    const support = await operator('support');
    expect(codeOf(await admin(support, 'GET', `/api/admin/dashboard?from=${day}&to=${day}`))).toBe(
      ERRORS.operatorRoleForbidden.code,
    );
    const tooLong = await admin(finance, 'GET', '/api/admin/dashboard?from=2020-01-01&to=2022-01-01');
    expect(codeOf(tooLong)).toBe(ERRORS.invalidParameter.code);
  });
});
