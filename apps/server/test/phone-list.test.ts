import { expect, it } from 'vitest';
import { DEFAULT_GROUP_NAME } from '@cloudphone/contracts/phones';
import { BOOT_MS } from '@cloudphone/device-host';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { GROUP, givePhones, instanceOf, listPhones, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

describeEachDatabase('phone list', (open) => {
  const t = usePhoneApp(open);

  it("lists the caller's phones with the fields of DESIGN §3 and their total", async () => {
    const given = t.clock.now();
    const { list, total } = await listPhones(t);
    expect(total).toBe(4);
    expect(list.map((p) => p.name)).toEqual(['云手机 1', '云手机 2', '云手机 3', '云手机 4']);

    const [first] = list;
    const { identity, display, root } = t.host.fleet.get(await instanceOf(t, first!.userPhoneId))!.state;
    expect(first).toEqual({
      userPhoneId: expect.any(Number),
      name: '云手机 1',
      groupId: 0,
      groupName: DEFAULT_GROUP_NAME['zh-CN'],
      resolution: `${display.width}×${display.height}`,
      root,
      mockModel: { manufacturer: identity.manufacturer, model: identity.model },
      status: 'booting',
      expireTime: given + 30 * DAY,
      authorized: false,
      beAuthorized: false,
      role: 'owner',
      grantEndTime: null,
      trial: false,
      gradeId: expect.any(Number),
      gradeName: '标准版',
      // A virtual phone can do everything a driver may.
      lacks: [],
    });
    expect(list[3]).toMatchObject({ trial: true, expireTime: given + DAY });
  });

  it("never shows another user's phones, and shows them only their own", async () => {
    const theirs = (await givePhones(t, t.other, 2, 30)).map((p) => p.id);
    const mine = await listPhones(t);
    expect(mine.total).toBe(4);
    expect(mine.list.map((p) => p.userPhoneId)).toEqual(await myPhoneIds(t));
    expect(mine.list.some((p) => theirs.includes(p.userPhoneId))).toBe(false);

    const seenByOther = await listPhones(t, '', { token: t.other.token });
    expect(seenByOther).toMatchObject({ total: 2 });
    expect(seenByOther.list.map((p) => p.userPhoneId)).toEqual(theirs);
  });

  it('finds the phones asked for by id, never those of another user (the phone view asks for one)', async () => {
    const [theirs] = (await givePhones(t, t.other, 1, 30)).map((p) => p.id);
    const ids = await myPhoneIds(t);
    const one = await listPhones(t, `userPhoneIds=${ids[2]}&pageSize=1`);
    expect(one).toMatchObject({ total: 1, list: [{ userPhoneId: ids[2], name: '云手机 3' }] });
    const two = await listPhones(t, `userPhoneIds=${ids[3]},${ids[0]},${theirs}`);
    expect(two.list.map((p) => p.userPhoneId)).toEqual([ids[0], ids[3]]);
    expect(await listPhones(t, `userPhoneIds=${theirs}`)).toEqual({ list: [], total: 0 });
    expect(codeOf(await t.call('GET', `${PHONE}/list?userPhoneIds=1,x`))).toBe(1001);
  });

  it('pages by pageNo and pageSize, keeping the total of all pages', async () => {
    const ids = await myPhoneIds(t);
    const page1 = await listPhones(t, 'pageNo=1&pageSize=3');
    const page2 = await listPhones(t, 'pageNo=2&pageSize=3');
    const page3 = await listPhones(t, 'pageNo=3&pageSize=3');
    expect([page1.total, page2.total, page3.total]).toEqual([4, 4, 4]);
    expect(page1.list.map((p) => p.userPhoneId)).toEqual(ids.slice(0, 3));
    expect(page2.list.map((p) => p.userPhoneId)).toEqual(ids.slice(3));
    expect(page3.list).toEqual([]);
  });

  it('reads a page again from its first phone (issue 56), and anew once the user is given phones', async () => {
    await givePhones(t, t.me, 6, 30);
    const ids = await myPhoneIds(t);
    const pageIds = async (pageNo: number) =>
      (await listPhones(t, `pageNo=${pageNo}&pageSize=4`)).list.map((p) => p.userPhoneId);
    expect(await pageIds(2)).toEqual(ids.slice(4, 8));
    // Read again, page 2 begins at its first phone; it is the same page.
    expect(await pageIds(2)).toEqual(ids.slice(4, 8));
    expect(await pageIds(3)).toEqual(ids.slice(8));

    // Phones given: the pages are read anew (the kept list is forgotten with its total).
    await givePhones(t, t.me, 3, 30);
    const now = await myPhoneIds(t);
    const page3 = await listPhones(t, 'pageNo=3&pageSize=4');
    expect(page3.list.map((p) => p.userPhoneId)).toEqual(now.slice(8, 12));
    expect(page3.total).toBe(13);
  });

  it('filters by a keyword in the name', async () => {
    const [id] = await myPhoneIds(t);
    dataOf(await t.call('PUT', `${PHONE}/rename`, { payload: { userPhoneId: id, name: 'Office desk' } }));

    const office = await listPhones(t, `keyword=${encodeURIComponent('desk')}`);
    expect(office).toMatchObject({ total: 1, list: [{ userPhoneId: id, name: 'Office desk' }] });
    // A numbered name matches as its viewer reads it.
    const clouds = await listPhones(t, `keyword=${encodeURIComponent('云手机')}`);
    expect(clouds.list.map((p) => p.name)).toEqual(['云手机 2', '云手机 3', '云手机 4']);
    const english = await listPhones(t, 'keyword=phone%203', { headers: { 'accept-language': 'en-US' } });
    expect(english.list.map((p) => p.name)).toEqual(['Cloud phone 3']);
    expect(await listPhones(t, 'keyword=nothing-like-this')).toEqual({ list: [], total: 0 });
  });

  it('filters by group, 0 being the default group', async () => {
    const ids = await myPhoneIds(t);
    const { groupId } = dataOf<{ groupId: number }>(
      await t.call('POST', `${GROUP}/create`, { payload: { groupName: 'Work' } }),
    );
    dataOf(await t.call('PUT', `${PHONE}/set-group`, { payload: { userPhoneIds: ids.slice(0, 2), groupId } }));

    const work = await listPhones(t, `groupId=${groupId}`);
    expect(work.total).toBe(2);
    expect(work.list.map((p) => [p.userPhoneId, p.groupId, p.groupName])).toEqual([
      [ids[0], groupId, 'Work'],
      [ids[1], groupId, 'Work'],
    ]);
    const defaults = await listPhones(t, 'groupId=0');
    expect(defaults.total).toBe(2);
    expect(defaults.list.map((p) => [p.userPhoneId, p.groupId])).toEqual([
      [ids[2], 0],
      [ids[3], 0],
    ]);
    expect((await listPhones(t)).total).toBe(4);
  });

  it('sorts by expiry ascending (1) and descending (2)', async () => {
    await givePhones(t, t.me, 1, 60);
    const expiries = (list: { expireTime: number }[]) => list.map((p) => p.expireTime);
    const ascending = expiries((await listPhones(t, 'sort=1')).list);
    const descending = expiries((await listPhones(t, 'sort=2')).list);
    expect(ascending).toHaveLength(5);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(ascending[4]!);
    expect(descending).toEqual([...ascending].reverse());
  });

  it('shows new phones booting, then online once the boot time has passed', async () => {
    const statuses = async () => (await listPhones(t)).list.map((p) => p.status);
    expect(await statuses()).toEqual(['booting', 'booting', 'booting', 'booting']);
    t.clock.advance(BOOT_MS - 1);
    expect(await statuses()).toEqual(['booting', 'booting', 'booting', 'booting']);
    t.clock.advance(1);
    expect(await statuses()).toEqual(['online', 'online', 'online', 'online']);
  });

  it('shows a phone expired once its expiry time has passed', async () => {
    await t.travel(DAY - 1);
    expect((await listPhones(t)).list.map((p) => p.status)).toEqual(['online', 'online', 'online', 'online']);
    t.clock.advance(1);
    const { list } = await listPhones(t);
    expect(list.map((p) => [p.trial, p.status])).toEqual([
      [false, 'online'],
      [false, 'online'],
      [false, 'online'],
      [true, 'expired'],
    ]);
  });

  it("names phones, their grade and the default group in the caller's language", async () => {
    const names = async (language: string) =>
      (await listPhones(t, '', { headers: { 'accept-language': language } })).list.map((p) => [
        p.name,
        p.gradeName,
        p.groupName,
      ]);
    expect((await names('zh-CN,zh;q=0.9'))[0]).toEqual(['云手机 1', '标准版', '默认分组']);
    expect((await names('en-US,en;q=0.9'))[0]).toEqual(['Cloud phone 1', 'Standard', 'Default group']);
  });

  it('keeps a name the owner typed as typed, in every language', async () => {
    const [id] = await myPhoneIds(t);
    dataOf(await t.call('PUT', `${PHONE}/rename`, { payload: { userPhoneId: id, name: 'Cloud phone 1' } }));
    for (const language of ['zh-CN', 'en-US'])
      expect((await listPhones(t, '', { headers: { 'accept-language': language } })).list[0]?.name).toBe(
        'Cloud phone 1',
      );
  });
});
