import { expect, it } from 'vitest';
import { ERRORS } from '@cloudphone/contracts/errors';
import { DEFAULT_GROUP_NAME } from '@cloudphone/contracts/phones';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';
import { givePhones, GROUP, listPhones, myPhoneIds, PHONE, usePhoneApp } from './helpers/phones';

interface Group {
  groupId: number;
  groupName: string;
  count: number;
  isDefault: boolean;
}

const EN = { 'accept-language': 'en-US' };

describeEachDatabase('phone groups', (open) => {
  const t = usePhoneApp(open);

  const groups = async (options: { token?: string; headers?: Record<string, string> } = {}) =>
    dataOf<Group[]>(await t.call('GET', `${GROUP}/simple-list`, options));
  const create = (groupName: unknown, token?: string) =>
    t.call('POST', `${GROUP}/create`, { token, payload: { groupName }, headers: EN });
  const createOk = async (groupName: string, token?: string) =>
    dataOf<{ groupId: number }>(await create(groupName, token)).groupId;
  const update = (groupId: number, groupName: string) =>
    t.call('PUT', `${GROUP}/update`, { payload: { groupId, groupName } });
  const remove = (groupId: number) => t.call('DELETE', `${GROUP}/delete?groupId=${groupId}`);
  const setGroup = (userPhoneIds: number[], groupId: number, token?: string) =>
    t.call('PUT', `${PHONE}/set-group`, { token, payload: { userPhoneIds, groupId } });
  const groupsOfPhones = async (token?: string) =>
    (await listPhones(t, '', { token })).list.map((p) => [p.userPhoneId, p.groupId]);

  it('starts with the default group holding every phone, named in the caller’s language', async () => {
    expect(await groups()).toEqual([{ groupId: 0, groupName: DEFAULT_GROUP_NAME['zh-CN'], count: 4, isDefault: true }]);
    expect((await groups({ headers: EN }))[0]?.groupName).toBe('Default group');
    expect(await groups({ token: t.other.token })).toEqual([
      { groupId: 0, groupName: DEFAULT_GROUP_NAME['zh-CN'], count: 0, isDefault: true },
    ]);
  });

  it('creates groups after the default one, counting the phones moved into them', async () => {
    const ids = await myPhoneIds(t);
    const work = await createOk('Work');
    const play = await createOk('云'.repeat(20));
    expect(codeOf(await setGroup(ids.slice(0, 3), work))).toBe(0);
    expect(await groups()).toEqual([
      { groupId: 0, groupName: DEFAULT_GROUP_NAME['zh-CN'], count: 1, isDefault: true },
      { groupId: work, groupName: 'Work', count: 3, isDefault: false },
      { groupId: play, groupName: '云'.repeat(20), count: 0, isDefault: false },
    ]);
    expect(await groups({ token: t.other.token })).toHaveLength(1);
  });

  it('requires a group name of at most 20 characters', async () => {
    for (const name of [undefined, '', '   ']) {
      expect(envelope(await create(name))).toMatchObject({
        code: 1001,
        msg: 'Group name is required',
        data: [{ field: 'groupName', message: ERRORS.groupNameRequired['en-US'] }],
      });
    }
    expect(envelope(await create('g'.repeat(21)))).toMatchObject({ code: 1001, msg: ERRORS.nameInvalid['en-US'] });
    expect(await groups()).toHaveLength(1);
  });

  it('renames a group, and refuses the default group (1320) and another user’s group (404)', async () => {
    const work = await createOk('Work');
    expect(codeOf(await update(work, 'Office'))).toBe(0);
    expect((await groups())[1]).toMatchObject({ groupId: work, groupName: 'Office' });
    expect(codeOf(await update(work, 'o'.repeat(21)))).toBe(1001);

    expect(envelope(await update(0, 'Mine'))).toEqual({
      code: ERRORS.defaultGroupProtected.code,
      msg: ERRORS.defaultGroupProtected['zh-CN'],
      data: null,
    });
    const theirs = await createOk('Theirs', t.other.token);
    expect(codeOf(await update(theirs, 'Taken'))).toBe(404);
    expect(codeOf(await update(999_999, 'Nowhere'))).toBe(404);
    expect((await groups({ token: t.other.token }))[1]).toMatchObject({ groupId: theirs, groupName: 'Theirs' });
  });

  it('deletes a group, returning its phones to the default group', async () => {
    const ids = await myPhoneIds(t);
    const work = await createOk('Work');
    await setGroup(ids.slice(0, 2), work);
    expect(codeOf(await remove(work))).toBe(0);
    expect(await groups()).toEqual([{ groupId: 0, groupName: DEFAULT_GROUP_NAME['zh-CN'], count: 4, isDefault: true }]);
    expect(await groupsOfPhones()).toEqual(ids.map((id) => [id, 0]));
    expect((await listPhones(t, 'groupId=0')).total).toBe(4);
    expect(codeOf(await remove(work))).toBe(404);
  });

  it('refuses to delete the default group (1320) or another user’s group (404)', async () => {
    expect(codeOf(await remove(0))).toBe(ERRORS.defaultGroupProtected.code);
    const [theirPhone] = await givePhones(t, t.other, 1, 30);
    const theirs = await createOk('Theirs', t.other.token);
    await setGroup([theirPhone!.id], theirs, t.other.token);
    expect(codeOf(await remove(theirs))).toBe(404);
    expect((await groups({ token: t.other.token }))[1]).toMatchObject({ groupId: theirs, count: 1 });
  });

  it("moves only the caller's phones, refusing another user's ids, and back to group 0", async () => {
    const ids = await myPhoneIds(t);
    const [theirPhone] = await givePhones(t, t.other, 1, 30);
    const work = await createOk('Work');

    // Another's phone is not found (the policy): nothing moves.
    expect(codeOf(await setGroup([ids[0]!, theirPhone!.id], work))).toBe(ERRORS.phoneNotFound.code);
    expect(await groupsOfPhones()).toEqual(ids.map((id) => [id, 0]));
    expect(codeOf(await setGroup([ids[0]!], work))).toBe(0);
    expect(await groupsOfPhones()).toEqual([
      [ids[0], work],
      [ids[1], 0],
      [ids[2], 0],
      [ids[3], 0],
    ]);
    expect(await groupsOfPhones(t.other.token)).toEqual([[theirPhone!.id, 0]]);

    expect(codeOf(await setGroup([ids[0]!], 0))).toBe(0);
    expect(await groupsOfPhones()).toEqual(ids.map((id) => [id, 0]));
  });

  it("refuses to move phones into another user's group, moving nothing", async () => {
    const [first] = await myPhoneIds(t);
    const theirs = await createOk('Theirs', t.other.token);
    expect(codeOf(await setGroup([first!], theirs))).toBe(404);
    expect((await groups())[0]?.count).toBe(4);
    expect((await groups({ token: t.other.token }))[1]).toMatchObject({ groupId: theirs, count: 0 });
  });
});
