import { expect, it } from 'vitest';
import type { LoginDevice } from '@cloudphone/contracts/auth';
import { ERRORS } from '@cloudphone/contracts/errors';
import { AUTH, DEMO_USER, MINUTE, USER, useAccountsApp } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';

const PHONE = { 'device-id': 'device-phone', 'user-agent': 'Mozilla/5.0 (iPhone) Safari' };
const LAPTOP = { 'device-id': 'device-laptop', 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome' };

describeEachDatabase('login devices', (open) => {
  const t = useAccountsApp(open);

  const list = async (token: string) =>
    dataOf<LoginDevice[]>(await t.api.call('GET', `${USER}/login-device/list`, { token }));
  const signOut = (token: string, sessionId: number) =>
    t.api.call('PUT', `${USER}/login-device/sign-out`, { token, payload: { sessionId } });

  it('lists both logins with their device and agent, marking only the caller as current', async () => {
    const loginTime = t.clock.now();
    const phone = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, PHONE);
    t.clock.advance(MINUTE);
    const laptop = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, LAPTOP);

    const seenByPhone = await list(phone.accessToken);
    expect(seenByPhone).toHaveLength(2);
    expect(seenByPhone.find((d) => d.deviceId === PHONE['device-id'])).toEqual({
      sessionId: expect.any(Number),
      deviceId: PHONE['device-id'],
      userAgent: PHONE['user-agent'],
      ip: '127.0.0.1',
      createTime: loginTime,
      lastSeenTime: expect.any(Number),
      current: true,
    });
    expect(seenByPhone.find((d) => d.deviceId === LAPTOP['device-id'])).toMatchObject({
      userAgent: LAPTOP['user-agent'],
      createTime: loginTime + MINUTE,
      current: false,
    });

    const seenByLaptop = await list(laptop.accessToken);
    expect(seenByLaptop.filter((d) => d.current).map((d) => d.deviceId)).toEqual([LAPTOP['device-id']]);
  });

  it('signs the other device out: its token answers 400 and it leaves the list', async () => {
    const phone = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, PHONE);
    const laptop = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, LAPTOP);
    const laptopSession = (await list(phone.accessToken)).find((d) => d.deviceId === LAPTOP['device-id']);

    expect(codeOf(await signOut(phone.accessToken, laptopSession!.sessionId))).toBe(0);
    expect(await t.api.tokenState(laptop.accessToken)).toBe(400);
    expect(codeOf(await t.api.refresh(laptop.refreshToken))).toBe(401);
    expect(await t.api.tokenState(phone.accessToken)).toBe(0);
    expect((await list(phone.accessToken)).map((d) => d.deviceId)).toEqual([PHONE['device-id']]);
  });

  it("refuses to sign out another user's session or an unknown one with 404", async () => {
    const mine = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, PHONE);
    const stranger = await t.api.smsLoginOk('13711112222', LAPTOP);
    const [theirs] = await list(stranger.accessToken);

    const body = envelope(await signOut(mine.accessToken, theirs!.sessionId));
    expect(body).toEqual({ code: 404, msg: ERRORS.notFound['zh-CN'], data: null });
    expect(await t.api.tokenState(stranger.accessToken)).toBe(0);
    expect(codeOf(await signOut(mine.accessToken, 999_999))).toBe(404);
  });

  it('drops logged-out and expired sessions from the list', async () => {
    const phone = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, PHONE);
    const laptop = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, LAPTOP);
    await t.api.call('POST', `${AUTH}/logout`, { token: laptop.accessToken });
    expect((await list(phone.accessToken)).map((d) => d.deviceId)).toEqual([PHONE['device-id']]);
  });

  it('updates the last-seen time of a session in use, at most once a minute', async () => {
    const phone = await t.api.loginOk(DEMO_USER.mobile, DEMO_USER.password, PHONE);
    const created = t.clock.now();
    t.clock.advance(30_000);
    expect((await list(phone.accessToken))[0]?.lastSeenTime).toBe(created);
    t.clock.advance(MINUTE);
    const now = t.clock.now();
    expect((await list(phone.accessToken))[0]?.lastSeenTime).toBe(now);
  });

  it('refuses a sign-out without a session id as an invalid parameter', async () => {
    const { accessToken } = await t.api.loginOk();
    const reply = await t.api.call('PUT', `${USER}/login-device/sign-out`, { token: accessToken, payload: {} });
    expect(envelope(reply)).toMatchObject({ code: 1001, data: [{ field: 'sessionId' }] });
  });
});
