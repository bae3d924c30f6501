import { expect, it } from 'vitest';
import { SmsScene } from '@cloudphone/contracts/auth';
import { ERRORS } from '@cloudphone/contracts/errors';
import { DEMO_USER, USER, useAccountsApp } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, envelope } from './helpers/requests';

const NEW_PASSWORD = 'newpass99';

describeEachDatabase('user profile, password and cancellation', (open) => {
  const t = useAccountsApp(open);

  const update = (token: string, payload: object) => t.api.call('PUT', `${USER}/update`, { token, payload });
  const updatePassword = (token: string, payload: object) =>
    t.api.call('PUT', `${USER}/update-password`, { token, payload });
  const resetPassword = (code: string, password = NEW_PASSWORD) =>
    t.api.call('PUT', `${USER}/reset-password`, {
      payload: { mobile: DEMO_USER.mobile, code, password, confirmPassword: password },
    });

  it('changes the nickname, trimmed, and keeps 1 to 20 characters', async () => {
    const { accessToken } = await t.api.loginOk();
    expect(codeOf(await update(accessToken, { nickname: '  Alice  ' }))).toBe(0);
    expect((await t.api.profileOk(accessToken)).nickname).toBe('Alice');
    const twenty = '云'.repeat(20);
    expect(codeOf(await update(accessToken, { nickname: twenty }))).toBe(0);
    expect((await t.api.profileOk(accessToken)).nickname).toBe(twenty);
    expect(codeOf(await update(accessToken, { nickname: 'x' }))).toBe(0);
  });

  it('refuses a 21-character or blank nickname with 1001 and the catalogue message', async () => {
    const { accessToken } = await t.api.loginOk();
    const body = envelope(await update(accessToken, { nickname: 'a'.repeat(21) }));
    expect(body).toEqual({
      code: 1001,
      msg: ERRORS.nameInvalid['zh-CN'],
      data: [{ field: 'nickname', message: ERRORS.nameInvalid['zh-CN'] }],
    });
    const english = envelope(
      await t.api.call('PUT', `${USER}/update`, {
        token: accessToken,
        payload: { nickname: '   ' },
        headers: { 'accept-language': 'en-US' },
      }),
    );
    expect(english).toMatchObject({ code: 1001, msg: ERRORS.nameInvalid['en-US'] });
    expect((await t.api.profileOk(accessToken)).nickname).toBe(DEMO_USER.nickname);
  });

  it('changes the avatar without touching the nickname', async () => {
    const { accessToken } = await t.api.loginOk();
    expect(codeOf(await update(accessToken, { avatar: 'https://cdn.example/a.png' }))).toBe(0);
    expect(await t.api.profileOk(accessToken)).toMatchObject({
      avatar: 'https://cdn.example/a.png',
      nickname: DEMO_USER.nickname,
    });
  });

  it('remembers that the account has been through the first-login guide, in every session (issue 55)', async () => {
    const { accessToken } = await t.api.loginOk();
    expect((await t.api.profileOk(accessToken)).homeGuideSeen).toBe(false);
    expect(codeOf(await update(accessToken, { homeGuideSeen: true }))).toBe(0);
    const another = await t.api.loginOk();
    expect(await t.api.profileOk(another.accessToken)).toMatchObject({
      homeGuideSeen: true,
      nickname: DEMO_USER.nickname,
    });
    // Nothing to change is a bad request, as before.
    expect(codeOf(await update(accessToken, {}))).not.toBe(0);
  });

  it('refuses a password change with a wrong or missing old password with 1216', async () => {
    const { accessToken } = await t.api.loginOk();
    const payload = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const body = envelope(await updatePassword(accessToken, { ...payload, oldPassword: 'wrong1234' }));
    expect(body).toEqual({ code: 1216, msg: ERRORS.oldPasswordWrong['zh-CN'], data: null });
    expect(codeOf(await updatePassword(accessToken, payload))).toBe(1216);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(0);
  });

  it('refuses a weak or mismatched new password as an invalid parameter', async () => {
    const { accessToken } = await t.api.loginOk();
    const weak = envelope(
      await updatePassword(accessToken, { oldPassword: DEMO_USER.password, password: 'abc', confirmPassword: 'abc' }),
    );
    expect(weak).toMatchObject({ code: 1001, msg: ERRORS.passwordInvalid['zh-CN'] });
    const mismatch = envelope(
      await updatePassword(accessToken, {
        oldPassword: DEMO_USER.password,
        password: NEW_PASSWORD,
        confirmPassword: 'other999',
      }),
    );
    expect(mismatch).toMatchObject({ code: 1001, data: [{ field: 'confirmPassword' }] });
  });

  it('changes the password, ending the other sessions but keeping the current one', async () => {
    const current = await t.api.loginOk();
    const other = await t.api.loginOk();
    const payload = { oldPassword: DEMO_USER.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect(codeOf(await updatePassword(current.accessToken, payload))).toBe(0);

    expect(await t.api.tokenState(other.accessToken)).toBe(400);
    expect(codeOf(await t.api.refresh(other.refreshToken))).toBe(401);
    expect(await t.api.tokenState(current.accessToken)).toBe(0);
    expect(codeOf(await t.api.refresh(current.refreshToken))).toBe(0);

    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(1209);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, NEW_PASSWORD))).toBe(0);
  });

  it('lets an SMS-registered account set its first password without an old one', async () => {
    const mobile = '13711112222';
    const { accessToken } = await t.api.smsLoginOk(mobile);
    expect((await t.api.profileOk(accessToken)).hasPassword).toBe(false);
    expect(codeOf(await t.api.login(mobile, NEW_PASSWORD))).toBe(1209);
    const payload = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect(codeOf(await updatePassword(accessToken, payload))).toBe(0);
    expect((await t.api.profileOk(accessToken)).hasPassword).toBe(true);
    expect(codeOf(await t.api.login(mobile, NEW_PASSWORD))).toBe(0);
  });

  it('resets a forgotten password with a scene-3 code and ends every session', async () => {
    const first = await t.api.loginOk();
    const second = await t.api.loginOk();
    const code = await t.api.freshCode(DEMO_USER.mobile, SmsScene.resetPassword);
    expect(codeOf(await resetPassword(code))).toBe(0);

    expect(await t.api.tokenState(first.accessToken)).toBe(400);
    expect(await t.api.tokenState(second.accessToken)).toBe(400);
    expect(codeOf(await t.api.refresh(first.refreshToken))).toBe(401);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(1209);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, NEW_PASSWORD))).toBe(0);
    // The code was used up.
    expect(codeOf(await resetPassword(code, 'again1234'))).toBe(1205);
  });

  it('refuses a reset with a wrong code or for a number without an account', async () => {
    const code = await t.api.freshCode(DEMO_USER.mobile, SmsScene.resetPassword);
    expect(codeOf(await resetPassword(code === '000000' ? '111111' : '000000'))).toBe(1205);
    const stranger = '13711112222';
    const strangerCode = await t.api.freshCode(stranger, SmsScene.resetPassword);
    const reply = await t.api.call('PUT', `${USER}/reset-password`, {
      payload: { mobile: stranger, code: strangerCode, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(codeOf(reply)).toBe(1205);
    expect(await t.app.repos.users.findByMobile(1, stranger)).toBeUndefined();
  });

  it('sends codes to the own number only for scenes 2, 3 and 4', async () => {
    const { accessToken } = await t.api.loginOk();
    expect(codeOf(await t.api.sendOwnCode(accessToken, SmsScene.login))).toBe(1001);
    expect(codeOf(await t.api.sendOwnCode(accessToken, SmsScene.bindNewMobile))).toBe(1001);
    expect(codeOf(await t.api.sendOwnCode(accessToken, SmsScene.unregister))).toBe(0);
    expect(await t.api.outboxCode(DEMO_USER.mobile, SmsScene.unregister)).toMatch(/^\d{6}$/);
    expect(
      codeOf(await t.api.call('POST', '/api/merchant/auth/send-sms-code-logging', { payload: { scene: 4 } })),
    ).toBe(401);
  });

  it('cancels the account with a scene-4 code: sessions end, login fails, the number registers afresh', async () => {
    const current = await t.api.loginOk();
    const other = await t.api.loginOk();
    const before = await t.api.profileOk(current.accessToken);

    const code = await t.api.freshOwnCode(current.accessToken, DEMO_USER.mobile, SmsScene.unregister);
    expect(
      codeOf(await t.api.call('PUT', `${USER}/unregister`, { token: current.accessToken, payload: { code } })),
    ).toBe(0);

    expect(await t.api.tokenState(current.accessToken)).toBe(400);
    expect(await t.api.tokenState(other.accessToken)).toBe(400);
    expect(codeOf(await t.api.refresh(current.refreshToken))).toBe(401);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(1209);

    const fresh = await t.api.smsLoginOk(DEMO_USER.mobile);
    expect(fresh.userId).not.toBe(current.userId);
    const after = await t.api.profileOk(fresh.accessToken);
    expect(after).toMatchObject({
      mobile: DEMO_USER.mobile,
      hasPassword: false,
      userNo: expect.stringMatching(/^\d{8}$/),
    });
    expect(after.userNo).not.toBe(before.userNo);
  });

  it('refuses a cancellation with a wrong code or a code of another scene', async () => {
    const { accessToken } = await t.api.loginOk();
    const resetCode = await t.api.freshOwnCode(accessToken, DEMO_USER.mobile, SmsScene.resetPassword);
    const unregister = (code: string) =>
      t.api.call('PUT', `${USER}/unregister`, { token: accessToken, payload: { code } });
    expect(codeOf(await unregister(resetCode))).toBe(1205);
    const code = await t.api.freshOwnCode(accessToken, DEMO_USER.mobile, SmsScene.unregister);
    expect(codeOf(await unregister(code === '000000' ? '111111' : '000000'))).toBe(1205);
    expect(await t.api.tokenState(accessToken)).toBe(0);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(0);
  });
});
