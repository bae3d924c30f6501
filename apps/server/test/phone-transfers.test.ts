import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { SecurityToken } from '@cloudphone/contracts/sdk';
import type { GiveCheck, TransferRecord } from '@cloudphone/contracts/transfers';
import { InProcessJobRunner } from '../src/jobs/job-runner';
import { FINISH_TRANSFERS_JOB } from '../src/services/phones/operations/phone-transfer.service';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import {
  givePhones,
  GROUP,
  listPhones,
  myPhoneIds,
  OTHER_MOBILE,
  PHONE,
  usePhoneApp,
  type PhoneContext,
} from './helpers/phones';
import { codeOf, dataOf, envelope } from './helpers/requests';

const HOUR = 3_600_000;

/** Answers in English, whatever the account's language. */
const headers = { 'accept-language': 'en-US' };

/** Transfer calls as one user (the demo user unless a token is given). */
function transfers(t: PhoneContext) {
  const c = {
    check: (userPhoneIds: number[], account = OTHER_MOBILE, token?: string) =>
      t.call('PUT', `${PHONE}/give-check`, { token, headers, payload: { userPhoneIds, account } }),
    checked: async (userPhoneIds: number[], account = OTHER_MOBILE, token?: string) =>
      dataOf<GiveCheck>(await c.check(userPhoneIds, account, token)).list,
    give: (userPhoneIds: number[], account = OTHER_MOBILE, token?: string) =>
      t.call('PUT', `${PHONE}/give`, { token, headers, payload: { userPhoneIds, account } }),
    given: async (userPhoneIds: number[], account = OTHER_MOBILE, token?: string) =>
      dataOf<{ transferNo: string }>(await c.give(userPhoneIds, account, token)).transferNo,
    page: async (side: 'out' | 'in', token?: string) =>
      dataOf<{ list: TransferRecord[]; total: number }>(
        await t.call('GET', `${PHONE}/transfer/page?side=${side}&pageNo=1&pageSize=20`, { token, headers }),
      ),
  };
  return c;
}

const ownerOf = async (t: PhoneContext, userPhoneId: number) =>
  (await t.app.repos.userPhones.findById(userPhoneId))?.userId;

describeEachDatabase('transferring phones to another account', (open) => {
  const t = usePhoneApp(open);
  const api = () => transfers(t);

  it('checks each phone without changing anything: remaining time, granted out, in sync, not the caller’s', async () => {
    const [good, granted, syncing, trial] = await myPhoneIds(t);
    await t.app.services.phoneGrants.grant(t.me.userId, granted!, t.other.userId, 'view', 3);
    await t.app.repos.transaction((tx) => t.app.services.phoneAccess.lock(tx, [syncing!], 'syncing', 'sync:1', DAY));
    const [strangers] = await givePhones(t, t.other, 1, 30);

    const list = await api().checked([good!, granted!, syncing!, trial!, strangers!.id]);
    expect(list).toEqual([
      { userPhoneId: good, ok: true },
      // The owner's own refusal: take the grant back first (issue 22).
      { userPhoneId: granted, ok: false, reason: ERRORS.grantExists['en-US'] },
      { userPhoneId: syncing, ok: false, reason: ERRORS.deviceInSync['en-US'] },
      // A trial phone has no privileges until renewed (spec §4).
      { userPhoneId: trial, ok: false, reason: ERRORS.trialNeedsRenewal['en-US'] },
      { userPhoneId: strangers!.id, ok: false, reason: ERRORS.phoneNotFound['en-US'] },
    ]);
    expect(await ownerOf(t, good!)).toBe(t.me.userId);
    expect((await api().page('out')).total).toBe(0);
    // The phone the grantee holds cannot be passed on by them either.
    const byGrantee = await api().checked([granted!], '13800000000', t.other.token);
    expect(byGrantee[0]).toMatchObject({ ok: false, reason: ERRORS.authorizedDeviceRestricted['en-US'] });
    // A refused phone is refused by give too, with its message.
    expect(codeOf(await api().give([good!, trial!]))).toBe(ERRORS.trialNeedsRenewal.code);
    expect(await ownerOf(t, good!)).toBe(t.me.userId);
  });

  it('refuses an unknown account, the caller’s own, a batch over give.batch.count, and a client without transfer', async () => {
    const ids = await myPhoneIds(t);
    expect(codeOf(await api().check([ids[0]!], '13999999999'))).toBe(ERRORS.transferAccountNotFound.code);
    expect(codeOf(await api().give([ids[0]!], '13800000000'))).toBe(ERRORS.transferToSelf.code);
    const six = [...ids, ...(await givePhones(t, t.me, 2, 30)).map((p) => p.id)];
    const batch = envelope(await api().check(six));
    expect(batch).toMatchObject({
      code: ERRORS.transferBatchLimit.code,
      msg: 'At most 5 phones can be transferred at once',
    });
    await t.app.repos.config.setTenantValue(t.me.tenantId, 'give.batch.count', '2');
    expect(codeOf(await api().give(ids.slice(0, 3)))).toBe(ERRORS.transferBatchLimit.code);

    const clientId = Number(t.api.headers['client-id']);
    await t.app.repos.clientFunctions.set(clientId, {
      key: 'transfer_button',
      name: 'transfer',
      props: {},
      enable: false,
      sort: 0,
    });
    expect(codeOf(await api().check([ids[0]!]))).toBe(ERRORS.functionDisabled.code);
    expect(codeOf(await api().give([ids[0]!]))).toBe(ERRORS.functionDisabled.code);
    expect(await ownerOf(t, ids[0]!)).toBe(t.me.userId);
  });

  it('numbers a phone arriving with the lowest free number: no two share a name after a transfer out and a purchase', async () => {
    const [, second] = await myPhoneIds(t);
    await api().given([second!]);
    await t.app.services.userPhones.give(t.me.tenantId, t.me.userId, 1, 30);
    const names = (await listPhones(t, '', { headers })).list.map((p) => p.name);
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    expect(names).toContain('Cloud phone 2');
    // The receiver's arrives as their first.
    expect((await listPhones(t, '', { token: t.other.token, headers })).list.map((p) => p.name)).toEqual([
      'Cloud phone 1',
    ]);
  });

  it('hands the phone over with its data: the receiver (by mobile or UID) has it in the default group, the sender no more', async () => {
    const [first, second] = await myPhoneIds(t);
    const { groupId } = dataOf<{ groupId: number }>(
      await t.call('POST', `${GROUP}/create`, { payload: { groupName: 'Farm' } }),
    );
    expect(codeOf(await t.call('PUT', `${PHONE}/set-group`, { payload: { userPhoneIds: [first], groupId } }))).toBe(0);
    const before = await t.app.repos.userPhones.findById(first!);
    const transferNo = await api().given([first!]);
    expect(transferNo).toMatch(/^TR\d{20}$/);
    const userNo = (await t.app.repos.users.findById(t.other.userId))!.userNo;
    await api().given([second!], userNo);
    // What the finishing job does once the old owner's streams are closed.
    await t.app.services.phoneTransfers.finishPending();

    const theirs = (await listPhones(t, '', { token: t.other.token, headers })).list;
    expect(theirs.map((p) => [p.userPhoneId, p.name, p.groupId])).toEqual([
      [first, 'Cloud phone 1', 0],
      [second, 'Cloud phone 2', 0],
    ]);
    const after = await t.app.repos.userPhones.findById(first!);
    expect(after).toMatchObject({ instanceNo: before!.instanceNo, expireTime: before!.expireTime });
    expect((await listPhones(t)).list.map((p) => p.userPhoneId)).not.toContain(first);

    const [out] = (await api().page('out')).list.slice(-1);
    expect(out).toMatchObject({
      transferNo,
      status: 'successful',
      phones: [{ userPhoneId: first, name: 'Cloud phone 1' }],
      fromAccount: '138****0000',
      toAccount: '137****2222',
    });
    expect(out!.history.map((h) => h.status)).toEqual(['waiting', 'transferring', 'successful']);
    const received = await api().page('in', t.other.token);
    expect(received.total).toBe(2);
    expect(received.list.map((r) => r.toAccount)).toEqual([userNo, '137****2222']);
  });

  it('refuses a sixth phone on the same day, then counts afresh the next day', async () => {
    const ids = [...(await myPhoneIds(t)).slice(0, 3), ...(await givePhones(t, t.me, 3, 30)).map((p) => p.id)];
    await api().given(ids.slice(0, 2));
    for (const id of ids.slice(2, 5)) await api().given([id]);
    expect((await api().checked([ids[5]!]))[0]).toMatchObject({ ok: false, reason: ERRORS.transferLimit['en-US'] });
    expect(codeOf(await api().give([ids[5]!]))).toBe(ERRORS.transferLimit.code);

    await t.travel(DAY + 1);
    await api().given([ids[5]!]);
    expect(await ownerOf(t, ids[5]!)).toBe(t.other.userId);
  });

  it('takes a phone once per 24 h, and reads the window and the remaining time from the give.* keys', async () => {
    const [phone] = await myPhoneIds(t);
    await api().given([phone!]);
    await t.app.services.phoneTransfers.finishPending();
    const back = () => api().give([phone!], '13800000000', t.other.token);
    expect(codeOf(await back())).toBe(ERRORS.transferPhoneLimit.code);
    await t.app.repos.config.setTenantValue(t.me.tenantId, 'give.frequency.hours', '1');
    await t.travel(HOUR + 1);
    expect(codeOf(await back())).toBe(ERRORS.transferPhoneLimit.code); // the window began as 24 h
    await t.travel(DAY);
    expect(codeOf(await back())).toBe(0);

    const [short] = await givePhones(t, t.me, 1, 1);
    expect(codeOf(await api().give([short!.id]))).toBe(ERRORS.transferRemainingTime.code);
    await t.app.repos.config.setTenantValue(t.me.tenantId, 'give.expire.min.hours', '12');
    expect(codeOf(await api().give([short!.id]))).toBe(0);
  });

  it('lets one of ten parallel transfers of a phone win; a loser that passed the check is recorded as failed', async () => {
    const [phone] = await myPhoneIds(t);
    const receivers = [OTHER_MOBILE, '13722223333'];
    await t.api.smsLoginOk(receivers[1]!);
    const codes = (await Promise.all(Array.from({ length: 10 }, (_, i) => api().give([phone!], receivers[i % 2])))).map(
      codeOf,
    );
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    // Refused by the check (no longer theirs, or transferred already) or, past it, by the phone's lock.
    const losers = codes.filter((c) => c !== 0);
    const refusals = [ERRORS.phoneNotFound.code, ERRORS.transferPhoneLimit.code, ERRORS.deviceBusy.code];
    expect(losers.every((c) => refusals.includes(c))).toBe(true);

    const launched = (await api().page('out')).list;
    expect(launched.filter((r) => r.status !== 'failed')).toHaveLength(1);
    const failed = launched.filter((r) => r.status === 'failed');
    // A loser refused by the lock has a record; one whose check already saw the winner's lock has none.
    expect(failed.length).toBeLessThanOrEqual(losers.filter((c) => c === ERRORS.deviceBusy.code).length);
    for (const record of failed) {
      expect(record.reason).toBe(ERRORS.deviceBusy['en-US']);
      expect(record.history.map((h) => h.status)).toEqual(['waiting', 'failed']);
    }
    // Only the winner counted against the day's five.
    const left = await t.app.services.quotas.left(t.app.repos, t.me.tenantId, {
      key: 'give.user.day.count',
      subject: `user:${t.me.userId}`,
    });
    expect(left).toBe(4);
  });
});

describeEachDatabase('a phone while it is being transferred', (open) => {
  // Jobs run only when the test says, so the transfer is seen between its commit and its finish.
  let jobs: InProcessJobRunner;
  const t = usePhoneApp(open, () => {
    jobs = new InProcessJobRunner({ triggers: false, onError: () => undefined });
    return { jobs };
  });

  it('refuses reboot with the spec’s message until the old owner’s access has ended, then is the receiver’s', async () => {
    const [phone] = await myPhoneIds(t);
    t.clock.advance(4_000); // past booting
    const transferNo = await transfers(t).given([phone!]);
    const reboot = (token: string) => t.call('PUT', `${PHONE}/reboot?userPhoneId=${phone}`, { token, headers });

    expect(envelope(await reboot(t.other.token))).toMatchObject({
      code: ERRORS.deviceBusy.code,
      msg: 'Device is being replaced, migrated or transferred, try again later',
    });
    expect(codeOf(await reboot(t.me.token))).toBe(ERRORS.phoneNotFound.code);
    expect((await listPhones(t, '', { token: t.other.token, headers })).list[0]).toMatchObject({
      status: 'transferring',
    });
    expect((await transfers(t).page('out')).list[0]).toMatchObject({ transferNo, status: 'transferring' });

    await jobs.runNow(FINISH_TRANSFERS_JOB);
    expect((await transfers(t).page('out')).list[0]).toMatchObject({ transferNo, status: 'successful' });
    expect(codeOf(await reboot(t.other.token))).toBe(0);
  });
});

describeEachDatabase('the old owner of a transferred phone', (open) => {
  const t = usePhoneApp(open);

  it('loses its open stream within a second, and its key and token', async () => {
    const [phone] = await myPhoneIds(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tokenOf = async (token: string) =>
      dataOf<SecurityToken>(await t.call('POST', `${PHONE}/security-token?userPhoneId=${phone}`, { token }));
    const mine = await tokenOf(t.me.token);
    const stream = new WebSocket(
      `${mine.streamUrl.replace(/^ws:\/\/[^/]+/, address.replace('http', 'ws'))}&codec=jpeg`,
    );
    const messages: { type: string; reason?: string }[] = [];
    stream.on('message', (data, binary) => {
      if (!binary) messages.push(JSON.parse(data.toString()) as { type: string });
    });
    const closed = new Promise<void>((resolve) => stream.on('close', () => resolve()));
    await new Promise((resolve) => stream.once('message', resolve));

    // Keys issued before the transfer end with it.
    t.clock.advance(1);
    const sent = Date.now();
    await transfers(t).given([phone!]);
    const inTime = await Promise.race([closed.then(() => true), new Promise((r) => setTimeout(() => r(false), 1_000))]);
    expect(inTime, `closed after ${Date.now() - sent} ms`).toBe(true);
    expect(messages).toContainEqual({ type: 'closed', reason: 'revoked' });
    expect(t.host.access.check(mine.accessKey, mine.instanceNo)).toBe('revoked');
    expect(codeOf(await t.call('POST', `${PHONE}/security-token?userPhoneId=${phone}`))).toBe(
      ERRORS.phoneNotFound.code,
    );
    // Once the transfer has finished, the receiver's new key opens it.
    await t.app.services.phoneTransfers.finishPending();
    const theirs = await tokenOf(t.other.token);
    expect(t.host.access.check(theirs.accessKey, theirs.instanceNo)).toMatchObject({ u: t.other.userId, p: 'control' });
    stream.close();
  });
});
