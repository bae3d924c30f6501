import { expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { OperatorRole } from '@cloudphone/contracts/operators';
import { describeEachDatabase } from './helpers/databases';
import { signedInOperator } from './helpers/operators';
import { usePhoneApp } from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';
import { keyPair } from './helpers/wallet-stand-ins';

interface Client {
  clientId: number;
  clientNo: string;
  theme: string;
  logoUrl: string;
  functions: { key: string; enable: boolean }[];
  settings: Record<string, string>;
  customerService: { qrCodeUrl: string; link: string; workTime: string };
}

/**
 * The console's clients, hosts and wallets (issue 63): a client's look, functions and settings changed
 * by its own tenant's operators only, each change an audit row; the platform's hosts run by the
 * platform's operators only; a wallet's secrets written and never read back, in a reply or the trail.
 */
describeEachDatabase('the console’s clients, hosts and wallets (issue 63)', (open) => {
  const t = usePhoneApp(open);
  const operator = (role: OperatorRole, tenantId: number | null = t.me.tenantId) =>
    signedInOperator(t.app, tenantId, role, { now: t.clock.now() });
  const admin = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, payload, headers: { authorization: `Bearer ${token}` } });
  const demoClient = async (token: string) => {
    const { clients } = dataOf<{ clients: Client[] }>(await admin(token, 'GET', '/api/admin/clients/list'));
    return clients.find((client) => client.clientNo === 'demo')!;
  };
  const trail = async (action: string) =>
    (await t.app.services.auditTrail.list(t.me.tenantId, { action }, { pageNo: 1, pageSize: 50 })).rows;

  it('changes a client’s theme, functions, logo and settings as operations, each an audit row; the app follows', async () => {
    const ops = await operator('operations');
    const { clientId, theme } = await demoClient(ops);
    const next = theme === 'default' ? 'tenant100' : 'default';
    expect(dataOf<Client>(await admin(ops, 'POST', '/api/admin/clients/theme', { clientId, theme: next })).theme).toBe(
      next,
    );
    const off = dataOf<Client>(
      await admin(ops, 'POST', '/api/admin/clients/function', { clientId, key: 'discovery', enable: false }),
    );
    expect(off.functions).toContainEqual({ key: 'discovery', enable: false });
    const shown = dataOf<{ key: string }[]>(await t.call('GET', '/api/merchant/client-function/list'));
    expect(shown.map((fn) => fn.key)).not.toContain('discovery');

    const canvas = createCanvas(64, 64);
    canvas.getContext('2d').fillRect(0, 0, 64, 64);
    const image = canvas.toBuffer('image/png').toString('base64');
    const withLogo = dataOf<Client>(await admin(ops, 'POST', '/api/admin/clients/logo', { clientId, image }));
    expect(withLogo.logoUrl).toMatch(/\/logo\?v=/);
    const notPicture = await admin(ops, 'POST', '/api/admin/clients/logo', { clientId, image: 'AAAA' });
    expect(codeOf(notPicture)).toBe(ERRORS.invalidParameter.code);

    const url = 'https://example.com/desktop.exe';
    const set = await admin(ops, 'POST', '/api/admin/clients/setting', { clientId, key: 'download.url', value: url });
    expect(dataOf<Client>(set).settings['download.url']).toBe(url);
    // A link set alone keeps the QR code the client had.
    const before = (await demoClient(ops)).customerService;
    const contact = { clientId, link: 'https://example.com/help', workTime: '9:00-18:00' };
    const after = dataOf<Client>(await admin(ops, 'POST', '/api/admin/clients/customer-service', contact));
    expect(after.customerService).toEqual({ qrCodeUrl: before.qrCodeUrl, link: contact.link, workTime: '9:00-18:00' });

    expect(await admin(ops, 'POST', '/api/admin/clients/limit', { key: 'clone.batch.count', value: 3 })).toSatisfy(
      (reply: { statusCode: number }) => reply.statusCode === 200,
    );
    const { limits } = dataOf<{ limits: Record<string, number> }>(await admin(ops, 'GET', '/api/admin/clients/list'));
    expect(limits['clone.batch.count']).toBe(3);

    const themeRows = await trail('client.theme');
    expect(themeRows[0]).toMatchObject({ before: { theme }, after: { theme: next }, targetId: 'demo' });
    expect((await trail('client.function'))[0]).toMatchObject({ after: { discovery: false } });
    for (const action of ['client.logo', 'client.setting', 'client.customer-service', 'tenant.limit'])
      expect(await trail(action), action).toHaveLength(1);
    // Support reads customers; it neither sees nor changes a client.
    const support = await operator('support');
    expect(codeOf(await admin(support, 'GET', '/api/admin/clients/list'))).toBe(ERRORS.operatorRoleForbidden.code);
  });

  it('shows and changes no client of another tenant', async () => {
    const mine = await demoClient(await operator('owner'));
    const other = await t.app.services.tenantAdmin.createTenant('Other merchant');
    const theirs = await operator('owner', other.id);
    expect(dataOf<{ clients: Client[] }>(await admin(theirs, 'GET', '/api/admin/clients/list')).clients).toEqual([]);
    const change = { clientId: mine.clientId, theme: 'tenant100' };
    expect(codeOf(await admin(theirs, 'POST', '/api/admin/clients/theme', change))).toBe(ERRORS.clientNotOfTenant.code);
    const wallet = { clientId: mine.clientId, wallet: 'alipay' };
    expect(codeOf(await admin(theirs, 'POST', '/api/admin/wallets/off', wallet))).toBe(ERRORS.clientNotOfTenant.code);
  });

  it('keeps a wallet’s secrets out of every reply and the trail; an empty secret keeps the one set', async () => {
    const finance = await operator('finance');
    const { clientId } = await demoClient(await operator('owner'));
    const merchant = keyPair();
    const alipay = keyPair();
    const settings = {
      appId: '2021000000000001',
      privateKey: merchant.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: 'sandbox',
    };
    const replies = [
      await admin(finance, 'POST', '/api/admin/wallets/set', { clientId, wallet: 'alipay', settings }),
      // Set again with the secret left empty: the one kept stands.
      await admin(finance, 'POST', '/api/admin/wallets/set', {
        clientId,
        wallet: 'alipay',
        settings: { ...settings, privateKey: '', sellerId: '2088000000000001' },
      }),
      await admin(finance, 'GET', '/api/admin/wallets/list'),
    ];
    const wrong = await admin(finance, 'POST', '/api/admin/wallets/set', {
      clientId,
      wallet: 'wechat',
      settings: { mchId: 'abc', apiV3Key: 'short-secret-value' },
    });
    expect(codeOf(wrong)).toBe(ERRORS.walletSettingsInvalid.code);
    const unknown = await admin(finance, 'POST', '/api/admin/wallets/set', {
      clientId,
      wallet: 'wechat',
      settings: { api: 'https://attacker.example' },
    });
    expect(codeOf(unknown)).toBe(ERRORS.walletSettingsInvalid.code);
    const listed = dataOf<{ clientNo: string; wallets: { wallet: string; state: string; shown: object }[] }[]>(
      replies[2]!,
    );
    expect(listed.find((c) => c.clientNo === 'demo')!.wallets).toContainEqual({
      wallet: 'alipay',
      state: 'ready',
      shown: expect.objectContaining({ appId: settings.appId, privateKey: '(set)', sellerId: '2088000000000001' }),
    });
    const rows = [...(await trail('wallet.set')), ...(await trail('wallet.off'))];
    expect(rows[0]).toMatchObject({ after: { wallet: 'alipay', changed: ['sellerId'] } });
    const secretLine = merchant.privateKey.split('\n')[1]!;
    for (const text of [...replies, wrong, unknown].map((reply) => reply.body).concat(JSON.stringify(rows)))
      expect(text).not.toContain(secretLine);
    expect(wrong.body).not.toContain('short-secret-value');
    // Support never sees a wallet; finance turns it off.
    expect(codeOf(await admin(await operator('support'), 'GET', '/api/admin/wallets/list'))).toBe(
      ERRORS.operatorRoleForbidden.code,
    );
    const off = await admin(finance, 'POST', '/api/admin/wallets/off', { clientId, wallet: 'alipay' });
    expect(dataOf(off)).toEqual({ wallet: 'alipay', state: 'off', shown: {} });
  });

  it('lets the platform’s operators run its hosts, and no merchant’s', async () => {
    const owner = await operator('owner');
    expect(codeOf(await admin(owner, 'GET', '/api/admin/hosts/list'))).toBe(ERRORS.platformOperatorOnly.code);
    const platform = await operator('operations', null);
    const hosts = dataOf<{ name: string; phones: number; draining: boolean }[]>(
      await admin(platform, 'GET', '/api/admin/hosts/list'),
    );
    expect(hosts.length).toBeGreaterThan(0);
    const [host] = hosts;
    expect(host!.phones).toBeGreaterThan(0);
    await admin(platform, 'POST', '/api/admin/hosts/drain', { name: host!.name, draining: true });
    const listed = dataOf<{ name: string; draining: boolean }[]>(await admin(platform, 'GET', '/api/admin/hosts/list'));
    expect(listed.find((h) => h.name === host!.name)!.draining).toBe(true);
    const made = dataOf<{ token: string }>(
      await admin(platform, 'POST', '/api/admin/hosts/token', { name: 'gz-2', minutes: 30 }),
    );
    expect(made.token).toMatch(/^cpj_/);
    const rows = await t.app.services.auditTrail.list(null, {}, { pageNo: 1, pageSize: 50 });
    expect(rows.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['host.drain', 'host.token']));
    expect(JSON.stringify(rows.rows)).not.toContain(made.token);
    // The platform's support runs no host.
    const support = await operator('support', null);
    const drain = await admin(support, 'POST', '/api/admin/hosts/drain', { name: host!.name, draining: false });
    expect(codeOf(drain)).toBe(ERRORS.operatorRoleForbidden.code);
  });
});
