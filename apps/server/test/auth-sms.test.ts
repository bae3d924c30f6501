import { expect, it } from 'vitest';
import type { TokenPair } from '@cloudphone/contracts/auth';
import { SmsScene } from '@cloudphone/contracts/auth';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { SmsProvider } from '../src/providers/sms/sms-provider';
import { AccountsClient, AUTH, DEMO_USER, MINUTE, TestClock, USER, useAccountsApp } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';

const NEW_MOBILE = '13711112222';

/** A different code of the same length: always wrong. */
const wrong = (code: string) => code.replace(/^./, (d) => String((Number(d) + 1) % 10));

describeEachDatabase('SMS codes and SMS login', (open) => {
  const t = useAccountsApp(open);

  it('registers an unknown mobile on its first SMS login with an 8-digit user number', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    expect(code).toMatch(/^\d{6}$/);
    const pair = dataOf<TokenPair>(await t.api.smsLogin(NEW_MOBILE, code));
    expect(pair).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(await t.api.profileOk(pair.accessToken)).toEqual({
      nickname: '137****2222',
      avatar: '',
      mobile: NEW_MOBILE,
      userNo: expect.stringMatching(/^\d{8}$/),
      registerTime: t.clock.now(),
      hasPassword: false,
      language: null,
      homeGuideSeen: false,
    });
  });

  it('logs an existing user in by SMS to the same account', async () => {
    const bySms = await t.api.smsLoginOk(DEMO_USER.mobile);
    expect(bySms.userId).toBe((await t.api.loginOk()).userId);
  });

  it('keeps the sent code in the dev outbox, newest first, with scene and send time', async () => {
    await t.api.sendCode(NEW_MOBILE, SmsScene.login);
    t.clock.advance(MINUTE);
    await t.api.sendCode(NEW_MOBILE, SmsScene.resetPassword);
    const outbox = dataOf<{ scene: number; sendTime: number }[]>(
      await t.app.inject({ url: `/api/dev/sms-outbox?mobile=${NEW_MOBILE}` }),
    );
    expect(outbox.map((m) => [m.scene, m.sendTime])).toEqual([
      [SmsScene.resetPassword, t.clock.now()],
      [SmsScene.login, t.clock.now() - MINUTE],
    ]);
  });

  it('refuses a resend within 60 seconds and allows it after', async () => {
    await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    t.clock.advance(59_999);
    const body = envelope(await t.api.sendCode(NEW_MOBILE, SmsScene.login));
    expect(body).toEqual({ code: 429, msg: ERRORS.tooFrequent['zh-CN'], data: null });
    t.clock.advance(1);
    expect(codeOf(await t.api.sendCode(NEW_MOBILE, SmsScene.login))).toBe(0);
  });

  it('counts only the latest code: an earlier one is refused once a new one is sent', async () => {
    const first = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    t.clock.advance(MINUTE);
    const second = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    if (first !== second) expect(codeOf(await t.api.smsLogin(NEW_MOBILE, first))).toBe(1205);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, second))).toBe(0);
  });

  it('refuses a wrong code with 1205', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    const body = envelope(await t.api.smsLogin(NEW_MOBILE, wrong(code)));
    expect(body).toEqual({ code: 1205, msg: ERRORS.smsCodeError['zh-CN'], data: null });
  });

  it('refuses a login when no code was ever sent', async () => {
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, '123456'))).toBe(1205);
  });

  it('gives up a code after 5 wrong attempts, even for the right code', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    for (let i = 0; i < 5; i++) expect(codeOf(await t.api.smsLogin(NEW_MOBILE, wrong(code)))).toBe(1205);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, code))).toBe(1205);
  });

  it('accepts a code until 10 minutes have passed and refuses it with 1206 after', async () => {
    const early = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    t.clock.advance(10 * MINUTE - 1);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, early))).toBe(0);

    const code = await t.api.freshCode(DEMO_USER.mobile, SmsScene.login);
    t.clock.advance(10 * MINUTE + 1);
    const body = envelope(await t.api.smsLogin(DEMO_USER.mobile, code));
    expect(body).toEqual({ code: 1206, msg: ERRORS.smsCodeExpired['zh-CN'], data: null });
  });

  it('uses a code once: a second login with it answers 1205', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, code))).toBe(0);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, code))).toBe(1205);
  });

  it('keeps scenes apart: a login code does not reset the password, a reset code does', async () => {
    const loginCode = await t.api.freshCode(DEMO_USER.mobile, SmsScene.login);
    const resetCode = await t.api.freshCode(DEMO_USER.mobile, SmsScene.resetPassword);
    const reset = (code: string) =>
      t.api.call('PUT', `${USER}/reset-password`, {
        payload: { mobile: DEMO_USER.mobile, code, password: 'fresh123', confirmPassword: 'fresh123' },
      });
    if (loginCode !== resetCode) expect(codeOf(await reset(loginCode))).toBe(1205);
    expect(codeOf(await reset(resetCode))).toBe(0);
    // ...and the reset code cannot log in.
    if (loginCode !== resetCode) expect(codeOf(await t.api.smsLogin(DEMO_USER.mobile, resetCode))).toBe(1205);
    expect(codeOf(await t.api.smsLogin(DEMO_USER.mobile, loginCode))).toBe(0);
  });

  it('keeps tenants apart: a code sent on tenant 1 does not log in on tenant100', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    const tenant100 = await AccountsClient.of(t.app, 'tenant100');
    expect(codeOf(await tenant100.smsLogin(NEW_MOBILE, code))).toBe(1205);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, code))).toBe(0);
  });

  it('lets exactly one of 20 parallel logins with one code win, and registers the number once', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.api.smsLogin(NEW_MOBILE, code)));
    const codes = replies.map(codeOf);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c !== 0)).toEqual(Array(19).fill(1205));
    const winner = dataOf<TokenPair>(replies[codes.indexOf(0)]!);
    expect((await t.app.repos.users.findByMobile(1, NEW_MOBILE))?.id).toBe(winner.userId);
  });

  it('makes the codes of a number expired through the dev route (the expired-code demo)', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    const expire = await t.api.call('POST', '/api/dev/sms-codes/expire', { payload: { mobile: NEW_MOBILE } });
    expect(codeOf(expire)).toBe(0);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, code))).toBe(1206);
  });

  it('refuses the signed-in scenes (2, 4) and an unknown scene on the public send', async () => {
    expect(codeOf(await t.api.sendCode(NEW_MOBILE, SmsScene.changeMobile))).toBe(1001);
    expect(codeOf(await t.api.sendCode(NEW_MOBILE, SmsScene.unregister))).toBe(1001);
    const unknown = await t.api.call('POST', `${AUTH}/send-sms-code`, { payload: { mobile: NEW_MOBILE, scene: 9 } });
    expect(codeOf(unknown)).toBe(1001);
  });

  it('refuses a malformed mobile with the catalogue message', async () => {
    const body = envelope(await t.api.sendCode('1234', SmsScene.login));
    expect(body).toMatchObject({ code: 1001, msg: ERRORS.phoneIncorrect['zh-CN'] });
  });

  it('caps the codes a number gets in a day at 10', async () => {
    for (let i = 0; i < 10; i++) {
      expect(codeOf(await t.api.sendCode(NEW_MOBILE, SmsScene.login))).toBe(0);
      t.clock.advance(MINUTE);
    }
    expect(codeOf(await t.api.sendCode(NEW_MOBILE, SmsScene.login))).toBe(429);
  });
});

describeEachDatabase('SMS providers and the dev routes', (open) => {
  it('sends through a provider the app is given, and then offers no outbox', async () => {
    const sent: { mobile: string; code: string; scene: number }[] = [];
    const provider: SmsProvider = { name: 'test', send: async (message) => void sent.push(message) };
    const app = await buildTestApp(await open(), { sms: provider, clock: new TestClock() });
    try {
      const api = await AccountsClient.of(app);
      expect(codeOf(await api.sendCode(NEW_MOBILE, SmsScene.login))).toBe(0);
      expect(sent).toEqual([{ mobile: NEW_MOBILE, code: expect.stringMatching(/^\d{6}$/), scene: 1 }]);
      expect(codeOf(await api.smsLogin(NEW_MOBILE, sent[0]!.code))).toBe(0);
      expect((await app.inject({ url: `/api/dev/sms-outbox?mobile=${NEW_MOBILE}` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('answers 1207 when the provider fails to send', async () => {
    const provider: SmsProvider = {
      name: 'broken',
      send: () => Promise.reject(new Error('gateway down')),
    };
    const app = await buildTestApp(await open(), { sms: provider });
    try {
      const api = await AccountsClient.of(app);
      expect(codeOf(await api.sendCode(NEW_MOBILE, SmsScene.login))).toBe(1207);
    } finally {
      await app.close();
    }
  });

  it('leaves the dev routes out in production: they answer the 404 envelope', async () => {
    const app = await buildTestApp(await open(), { production: true });
    try {
      const api = await AccountsClient.of(app);
      const outbox = await app.inject({ url: `/api/dev/sms-outbox?mobile=${NEW_MOBILE}` });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.json()).toEqual({ code: 404, msg: ERRORS.interfaceNotFound['zh-CN'], data: null });
      const expire = await api.call('POST', '/api/dev/sms-codes/expire', { payload: { mobile: NEW_MOBILE } });
      expect(expire.statusCode).toBe(404);
      expect(expire.json()).toMatchObject({ code: 404 });
      // The SMS login itself still works in production (the code goes to the console log).
      expect(codeOf(await api.sendCode(NEW_MOBILE, SmsScene.login))).toBe(0);
    } finally {
      await app.close();
    }
  });
});
