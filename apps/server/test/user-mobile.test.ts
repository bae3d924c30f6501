import { expect, it } from 'vitest';
import { SmsScene } from '@cloudphone/contracts/auth';
import { ERRORS } from '@cloudphone/contracts/errors';
import { AUTH, DAY, DEMO_USER, MINUTE, USER, useAccountsApp } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';

const SECOND_MOBILE = '13711112222';
const THIRD_MOBILE = '13733334444';

describeEachDatabase('changing the mobile number', (open) => {
  const t = useAccountsApp(open);

  const canChange = async (token: string) =>
    dataOf<{ canChange: boolean; nextChangeTime: number | null }>(
      await t.api.call('PUT', `${USER}/can-change-mobile`, { token }),
    );

  const validate = (token: string, code: string, scene: number = SmsScene.changeMobile) =>
    t.api.call('POST', `${AUTH}/validate-sms-code`, { token, payload: { scene, code } });

  /** Step one: the code to the current number (scene 2), confirmed for a ticket. */
  async function ticketFor(token: string, currentMobile: string): Promise<string> {
    const code = await t.api.freshOwnCode(token, currentMobile, SmsScene.changeMobile);
    return dataOf<{ ticket: string }>(await validate(token, code)).ticket;
  }

  const changeMobile = (token: string, ticket: string, mobile: string, code: string) =>
    t.api.call('PUT', `${USER}/change-mobile`, { token, payload: { ticket, mobile, code } });

  /** Both steps; the reply of change-mobile. */
  async function moveTo(token: string, currentMobile: string, mobile: string) {
    const ticket = await ticketFor(token, currentMobile);
    return changeMobile(token, ticket, mobile, await t.api.freshCode(mobile, SmsScene.bindNewMobile));
  }

  it('allows a change at first', async () => {
    const { accessToken } = await t.api.loginOk();
    expect(await canChange(accessToken)).toEqual({ canChange: true, nextChangeTime: null });
  });

  it('moves the account to the new number and ends the other sessions', async () => {
    const current = await t.api.loginOk();
    const other = await t.api.loginOk();
    const before = await t.api.profileOk(current.accessToken);

    expect(codeOf(await moveTo(current.accessToken, DEMO_USER.mobile, SECOND_MOBILE))).toBe(0);

    expect(await t.api.profileOk(current.accessToken)).toEqual({ ...before, mobile: SECOND_MOBILE });
    expect(await t.api.tokenState(other.accessToken)).toBe(400);
    expect(codeOf(await t.api.refresh(other.refreshToken))).toBe(401);
    expect((await t.api.loginOk(SECOND_MOBILE, DEMO_USER.password)).userId).toBe(current.userId);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(1209);
  });

  it('allows one change per 30 days and another from day 31', async () => {
    const start = t.clock.now();
    const first = await t.api.loginOk();
    expect(codeOf(await moveTo(first.accessToken, DEMO_USER.mobile, SECOND_MOBILE))).toBe(0);
    const next = { canChange: false, nextChangeTime: start + 30 * DAY };
    expect(await canChange(first.accessToken)).toEqual(next);

    t.clock.advance(DAY);
    const dayTwo = await t.api.loginOk(SECOND_MOBILE, DEMO_USER.password);
    expect(await canChange(dayTwo.accessToken)).toEqual(next);
    const body = envelope(await moveTo(dayTwo.accessToken, SECOND_MOBILE, THIRD_MOBILE));
    expect(body).toEqual({ code: 1212, msg: ERRORS.mobileRebindTooSoon['zh-CN'], data: null });

    t.clock.t = start + 30 * DAY - 1;
    expect((await canChange((await t.api.loginOk(SECOND_MOBILE, DEMO_USER.password)).accessToken)).canChange).toBe(
      false,
    );

    t.clock.t = start + 31 * DAY;
    const dayThirtyOne = await t.api.loginOk(SECOND_MOBILE, DEMO_USER.password);
    expect((await canChange(dayThirtyOne.accessToken)).canChange).toBe(true);
    expect(codeOf(await moveTo(dayThirtyOne.accessToken, SECOND_MOBILE, THIRD_MOBILE))).toBe(0);
    expect(await canChange(dayThirtyOne.accessToken)).toEqual({
      canChange: false,
      nextChangeTime: start + 61 * DAY,
    });
    expect(codeOf(await t.api.login(THIRD_MOBILE, DEMO_USER.password))).toBe(0);
  });

  it('refuses to send a bind code to a number another account holds', async () => {
    await t.api.smsLoginOk(SECOND_MOBILE);
    const body = envelope(await t.api.sendCode(SECOND_MOBILE, SmsScene.bindNewMobile));
    expect(body).toEqual({ code: 1213, msg: ERRORS.mobileAlreadyBound['zh-CN'], data: null });
    expect(codeOf(await t.api.sendCode(DEMO_USER.mobile, SmsScene.bindNewMobile))).toBe(1213);
  });

  it('refuses the change when the new number was taken after its code was sent', async () => {
    const { accessToken } = await t.api.loginOk();
    const ticket = await ticketFor(accessToken, DEMO_USER.mobile);
    const code = await t.api.freshCode(SECOND_MOBILE, SmsScene.bindNewMobile);
    const rival = await t.api.smsLoginOk(SECOND_MOBILE);

    expect(codeOf(await changeMobile(accessToken, ticket, SECOND_MOBILE, code))).toBe(1213);
    expect((await t.api.profileOk(accessToken)).mobile).toBe(DEMO_USER.mobile);
    expect((await t.api.profileOk(rival.accessToken)).mobile).toBe(SECOND_MOBILE);
    expect((await canChange(accessToken)).canChange).toBe(true);
  });

  it('refuses a forged, foreign, expired or mistyped ticket', async () => {
    const { accessToken } = await t.api.loginOk();
    const stranger = await t.api.smsLoginOk(THIRD_MOBILE);
    const foreign = await ticketFor(stranger.accessToken, THIRD_MOBILE);
    const own = await ticketFor(accessToken, DEMO_USER.mobile);
    const code = await t.api.freshCode(SECOND_MOBILE, SmsScene.bindNewMobile);
    const attempt = (ticket: string) => changeMobile(accessToken, ticket, SECOND_MOBILE, code);

    expect(codeOf(await attempt('forged.ticket'))).toBe(1206);
    expect(codeOf(await attempt(`${own.split('.')[0]}.${foreign.split('.')[1]}`))).toBe(1206);
    expect(codeOf(await attempt(foreign))).toBe(1206);
    expect(codeOf(await attempt(accessToken))).toBe(1206);
    t.clock.advance(10 * MINUTE);
    const fresh = await t.api.loginOk();
    expect(codeOf(await changeMobile(fresh.accessToken, own, SECOND_MOBILE, code))).toBe(1206);

    expect((await t.api.profileOk(fresh.accessToken)).mobile).toBe(DEMO_USER.mobile);
  });

  it('refuses a wrong confirmation code and confirms only scene 2', async () => {
    const { accessToken } = await t.api.loginOk();
    const code = await t.api.freshOwnCode(accessToken, DEMO_USER.mobile, SmsScene.changeMobile);
    expect(codeOf(await validate(accessToken, code === '000000' ? '111111' : '000000'))).toBe(1205);
    expect(codeOf(await validate(accessToken, code, SmsScene.unregister))).toBe(1001);
    expect(codeOf(await validate(accessToken, code))).toBe(0);
    // Single use.
    expect(codeOf(await validate(accessToken, code))).toBe(1205);
  });

  it('refuses a wrong code for the new number and leaves the account alone', async () => {
    const { accessToken } = await t.api.loginOk();
    const ticket = await ticketFor(accessToken, DEMO_USER.mobile);
    const code = await t.api.freshCode(SECOND_MOBILE, SmsScene.bindNewMobile);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(codeOf(await changeMobile(accessToken, ticket, SECOND_MOBILE, wrong))).toBe(1205);
    expect((await t.api.profileOk(accessToken)).mobile).toBe(DEMO_USER.mobile);
    // A code sent to another number does not bind this one.
    expect(codeOf(await changeMobile(accessToken, ticket, THIRD_MOBILE, code))).toBe(1205);
    expect(codeOf(await changeMobile(accessToken, ticket, SECOND_MOBILE, code))).toBe(0);
  });

  it('needs a signed-in user for every step', async () => {
    expect(codeOf(await t.api.call('PUT', `${USER}/can-change-mobile`))).toBe(401);
    expect(codeOf(await t.api.call('POST', `${AUTH}/validate-sms-code`, { payload: { scene: 2, code: '1234' } }))).toBe(
      401,
    );
    const payload = { ticket: 'x', mobile: SECOND_MOBILE, code: '1234' };
    expect(codeOf(await t.api.call('PUT', `${USER}/change-mobile`, { payload }))).toBe(401);
  });
});
