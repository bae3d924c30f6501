import { expect, it } from 'vitest';
import type { UserInfo } from '@cloudphone/contracts/auth';
import type { Product } from '@cloudphone/contracts/commerce';
import type { Coupon } from '@cloudphone/contracts/promotion';
import { createRepositories } from '../src/repositories/index';
import { buyOf, commerceClient, COUPONS } from './helpers/commerce';
import { describeEachDatabase, migrate } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { instanceOf, listPhones, PHONE, usePhoneApp } from './helpers/phones';

const USER = '/api/merchant/user';
const ZH = { 'accept-language': 'zh-CN' };
const EN = { 'accept-language': 'en-US' };

describeEachDatabase('one language (issue 10 §4)', (open) => {
  const t = usePhoneApp(open);
  const shop = () => commerceClient(t);
  const setLanguage = (language: string, token = t.me.token) =>
    t.call('PUT', `${USER}/update`, { token, payload: { language } });
  const profile = async (token = t.me.token) => dataOf<UserInfo>(await t.call('GET', `${USER}/get`, { token }));

  it('keeps the language the app switch sets on the account, and answers in it whatever the request asks', async () => {
    expect((await profile()).language).toBeNull();
    dataOf(await setLanguage('en-US'));
    expect((await profile()).language).toBe('en-US');

    const phone = (await listPhones(t, '', { headers: ZH })).list[0];
    expect([phone?.name, phone?.gradeName, phone?.groupName]).toEqual(['Cloud phone 1', 'Standard', 'Default group']);
    const { product, pkg } = await shop().packageOf('standard', 3);
    const order = await shop().placed(buyOf(product, pkg));
    const shown = dataOf<{ gradeName: string; packageName: string }>(
      await t.call('GET', `/api/trade/order/get?orderNo=${order.orderNo}`, { headers: ZH }),
    );
    expect([shown.gradeName, shown.packageName]).toEqual(['Standard', 'Standard · 3d']);
    // A refusal is written in the account's language too.
    const refused = await t.call('PUT', `${PHONE}/rename`, {
      headers: ZH,
      payload: { userPhoneId: 999_999, name: 'x' },
    });
    expect(refused.json<{ msg: string }>().msg).toBe('Cloud phone does not exist');

    dataOf(await setLanguage('zh-CN'));
    expect((await listPhones(t, '', { headers: EN })).list[0]?.name).toBe('云手机 1');
  });

  it("follows the request's Accept-Language for an account that has not chosen a language", async () => {
    const coupons = async (headers: Record<string, string>) =>
      dataOf<Coupon[]>(await t.call('GET', `${COUPONS}/list`, { headers })).map((c) => c.name);
    expect(await coupons(EN)).toContain('+3 days');
    expect(await coupons(ZH)).toContain('延长 3 天');
  });

  it('refuses a language the product does not speak', async () => {
    expect(codeOf(await setLanguage('fr-FR'))).toBe(1001);
    expect((await profile()).language).toBeNull();
  });

  it("makes a phone whose system speaks its owner's language: its first login's until it chooses one (issue 22)", async () => {
    const { product, pkg } = await shop().packageOf('standard', 3);
    const order = await shop().placed(buyOf(product, pkg), t.other.token);
    const paid = await t.call('POST', '/api/trade/pay/submit', {
      token: t.other.token,
      headers: EN,
      payload: { orderNo: order.orderNo, payType: 'simulated' },
    });
    const { simulateToken } = dataOf<{ simulateToken: string }>(paid);
    const delivered = await t.call('POST', '/api/trade/pay/simulate', {
      token: t.other.token,
      headers: EN,
      payload: { orderNo: order.orderNo, simulateToken, outcome: 'success' },
    });
    const [bought] = dataOf<{ userPhoneIds: number[] }>(delivered).userPhoneIds;
    // The account first logged in from an app showing Chinese: an English request does not change that.
    expect(t.host.fleet.get(await instanceOf(t, bought!))?.state.language).toBe('zh-CN');

    dataOf(await setLanguage('en-US', t.other.token));
    const [given] = await t.app.services.userPhones.give(t.other.tenantId, t.other.userId, 1, 30);
    expect(t.host.fleet.get(given!.instanceNo)?.state.language).toBe('en-US');
    const details = dataOf<{ language: string }[]>(
      await t.call('GET', `${PHONE}/get-extend-batch?userPhoneIds=${bought},${given!.id}`, { token: t.other.token }),
    );
    expect(details.map((d) => d.language)).toEqual(['zh-CN', 'en-US']);
  });

  it('shows merchant catalogue texts in the language they were given for, to anyone', async () => {
    const standard = await t.app.repos.catalogue.gradeByCode(t.me.tenantId, 'standard');
    await t.app.repos.catalogue.renameGrade(standard!.gradeId, { 'zh-CN': '基础版', 'en-US': 'Basic' });
    await t.app.services.tenantAdmin.setAgreement(
      'demo',
      1,
      { 'zh-CN': '服务条款', 'en-US': '' },
      { 'zh-CN': '<p>中文条款</p>', 'en-US': '<p>English terms</p>' },
    );
    const gradeNames = async (headers: Record<string, string>) =>
      dataOf<{ name: string }[]>(await t.call('GET', '/api/device/grade/list', { headers })).map((g) => g.name);
    expect(await gradeNames(ZH)).toEqual(['基础版', '进阶版', '旗舰版']);
    expect(await gradeNames(EN)).toEqual(['Basic', 'Advanced', 'Flagship']);
    const products = dataOf<Product[]>(await t.call('GET', '/api/trade/product/list', { headers: EN }));
    expect(products[0]?.name).toBe('Basic');
    expect(products[0]?.packages.map((p) => p.name)).toContain('Standard · 3d');
    // A text given in one language only stands for both.
    const agreement = async (headers: Record<string, string>) =>
      dataOf<{ name: string }>(await t.app.inject({ url: '/api/cms/agreement/get-name?type=1&clientNo=demo', headers }))
        .name;
    expect([await agreement(ZH), await agreement(EN)]).toEqual(['服务条款', '服务条款']);
    // The body, given in both, is read in the reader's language alone.
    const body = async (headers: Record<string, string>) =>
      dataOf<{ content: string }>(
        await t.app.inject({ url: '/api/cms/agreement/get-content?type=1&clientNo=demo', headers }),
      ).content;
    expect([await body(ZH), await body(EN)]).toEqual(['<p>中文条款</p>', '<p>English terms</p>']);
  });
});

describeEachDatabase('the languages migration', (open) => {
  it('keeps existing catalogue texts in both languages and turns server-made phone names into numbers', async () => {
    const db = await open();
    try {
      await migrate(db, '0008-trial-claims');
      const now = Date.now();
      await db.insertInto('tenant').values({ id: 7, name: 'Shop', created_at: now }).execute();
      const client = await db
        .insertInto('client')
        .values({ tenant_id: 7, client_no: 'shop', name: 'Shop', created_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('agreement')
        .values({ client_id: client.id, type: 1, name: 'Terms "v2"', content: '', update_time: now })
        .execute();
      const grade = await db
        .insertInto('device_grade')
        .values({
          tenant_id: 7,
          code: 'std',
          name: 'Standard',
          cpu_cores: 4,
          memory_gb: 4,
          storage_gb: 64,
          android_version: '10',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await db
        .insertInto('app_user')
        .values({
          tenant_id: 7,
          user_no: '12345678',
          mobile: '13700000000',
          nickname: 'u',
          register_time: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const host = await db
        .insertInto('device_host')
        .values({ name: 'h', public_url: '', registered_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [instance, name] of [
        ['cp-1', 'Cloud phone 7'],
        ['cp-2', 'Cloud phone of mine'],
      ])
        await db
          .insertInto('user_phone')
          .values({
            tenant_id: 7,
            user_id: user.id,
            device_host_id: host.id,
            instance_no: instance!,
            name: name!,
            expire_time: now,
            created_at: now,
          } as never)
          .execute();

      await migrate(db);
      const repos = createRepositories(db);
      expect((await repos.catalogue.grade(7, grade.id))?.name).toEqual({ 'zh-CN': 'Standard', 'en-US': 'Standard' });
      expect((await repos.content.agreement(client.id, 1))?.name).toEqual({
        'zh-CN': 'Terms "v2"',
        'en-US': 'Terms "v2"',
      });
      const phones = await repos.userPhones.listOfUser(7, user.id);
      expect(phones.map((p) => [p.name, p.nameNo])).toEqual([
        ['', 7],
        ['Cloud phone of mine', null],
      ]);
      expect((await repos.users.findById(user.id))?.language).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
