import { expect, it } from 'vitest';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { ERRORS } from '@cloudphone/contracts/errors';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import { AccountsClient, AUTH, DEMO_USER, MINUTE, useAccountsApp } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';

describeEachDatabase('password, auth-code and one-click login', (open) => {
  const t = useAccountsApp(open);

  it('logs the demo user in with a token pair whose access token opens user/get', async () => {
    const pair = await t.api.loginOk();
    expect(pair).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresTime: t.clock.now() + 30 * MINUTE,
      userId: expect.any(Number),
    });
    expect(await t.api.profileOk(pair.accessToken)).toMatchObject({
      mobile: DEMO_USER.mobile,
      nickname: DEMO_USER.nickname,
      userNo: expect.stringMatching(/^\d{8}$/),
      hasPassword: true,
    });
  });

  it('refuses a wrong password with the catalogue message', async () => {
    const body = envelope(await t.api.login(DEMO_USER.mobile, 'wrong1234'));
    expect(body).toEqual({ code: 1209, msg: ERRORS.loginFailed['zh-CN'], data: null });
  });

  it('refuses an unknown mobile exactly like a wrong password', async () => {
    expect(codeOf(await t.api.login('13912345678', DEMO_USER.password))).toBe(1209);
  });

  it("refuses the demo user's credentials on tenant100: a user belongs to one tenant", async () => {
    const tenant100 = await AccountsClient.of(t.app, 'tenant100');
    expect(tenant100.headers['tenant-id']).toBe('100');
    expect(codeOf(await tenant100.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(1209);
  });

  it('refuses a malformed mobile as an invalid parameter, not as a failed login', async () => {
    const body = envelope(await t.api.login('12345', DEMO_USER.password));
    expect(body.code).toBe(1001);
    expect(body.data).toEqual([expect.objectContaining({ field: 'mobile' })]);
  });

  it('throttles a mobile after 10 failures, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 10; i++) expect(codeOf(await t.api.login(DEMO_USER.mobile, `wrong${i}pass`))).toBe(1209);
    const throttled = envelope(await t.api.login(DEMO_USER.mobile, DEMO_USER.password));
    expect(throttled).toEqual({ code: 429, msg: ERRORS.tooFrequent['zh-CN'], data: null });

    // Another number is not affected.
    expect(codeOf(await t.api.login('13912345678', 'wrong1234'))).toBe(1209);

    t.clock.advance(15 * MINUTE + 1);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(0);
  });

  it('forgets earlier failures after a successful login', async () => {
    for (let i = 0; i < 9; i++) await t.api.login(DEMO_USER.mobile, 'wrong1234');
    await t.api.loginOk();
    for (let i = 0; i < 9; i++) expect(codeOf(await t.api.login(DEMO_USER.mobile, 'wrong1234'))).toBe(1209);
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(0);
  });

  it('exchanges a merchant auth code for tokens once; a second use answers 1215', async () => {
    const { code } = await t.app.services.auth.issueAuthCode(
      1,
      { id: Number(t.api.headers['client-id']), clientNo: 'demo' },
      DEMO_USER.mobile,
    );
    const url = `${AUTH}/validate-auth-code?code=${encodeURIComponent(code)}`;
    const pair = dataOf<{ accessToken: string; userId: number }>(await t.api.call('GET', url));
    expect((await t.api.profileOk(pair.accessToken)).mobile).toBe(DEMO_USER.mobile);
    expect(pair.userId).toBe((await t.api.loginOk()).userId);

    const again = envelope(await t.api.call('GET', url));
    expect(again).toEqual({ code: 1215, msg: ERRORS.authCodeInvalid['zh-CN'], data: null });
  });

  it('registers an unknown mobile on its first auth-code login', async () => {
    const { code } = await t.app.services.auth.issueAuthCode(
      1,
      { id: Number(t.api.headers['client-id']), clientNo: 'demo' },
      '13711112222',
    );
    const pair = dataOf<{ accessToken: string }>(
      await t.api.call('GET', `${AUTH}/validate-auth-code?code=${encodeURIComponent(code)}`),
    );
    expect(await t.api.profileOk(pair.accessToken)).toMatchObject({ mobile: '13711112222', hasPassword: false });
  });

  it("issues an entry code to a merchant's signed call for its own client only; the code signs the user in", async () => {
    const ISSUE = '/api/merchant/open/auth-code/issue';
    const { accessKey, secretKey } = await t.app.services.messages.createMerchantKey(1);
    let calls = 0;
    const issue = (clientNo: string) => {
      const body = JSON.stringify({ clientNo, mobile: DEMO_USER.mobile });
      const time = String(t.clock.now() + ++calls);
      const headers = {
        'content-type': 'application/json',
        [SdkHeader.accessKey]: accessKey,
        [SdkHeader.requestTime]: time,
        [SdkHeader.signature]: signSdkRequest(secretKey, 'POST', ISSUE, time, body),
      };
      return t.app.inject({ method: 'POST', url: ISSUE, headers, payload: body });
    };
    const issued = dataOf<{ code: string; entryPath: string }>(await issue('demo'));
    expect(issued.entryPath).toBe(`/app/demo?code=${issued.code}`);
    const pair = dataOf<{ accessToken: string }>(
      await t.api.call('GET', `${AUTH}/validate-auth-code?code=${encodeURIComponent(issued.code)}`),
    );
    expect((await t.api.profileOk(pair.accessToken)).mobile).toBe(DEMO_USER.mobile);
    expect(codeOf(await issue('tenant100'))).toBe(ERRORS.clientNotFound.code);
  });

  it('refuses an auth code that is forged, expired, or used on another tenant', async () => {
    const validate = (client: AccountsClient, code: string) =>
      client.call('GET', `${AUTH}/validate-auth-code?code=${encodeURIComponent(code)}`);
    expect(codeOf(await validate(t.api, 'not-a-code'))).toBe(1215);

    const tenant100 = await AccountsClient.of(t.app, 'tenant100');
    const { code: foreign } = await t.app.services.auth.issueAuthCode(1, { id: 1, clientNo: 'demo' }, DEMO_USER.mobile);
    expect(codeOf(await validate(tenant100, foreign))).toBe(1215);

    const { code: late } = await t.app.services.auth.issueAuthCode(1, { id: 1, clientNo: 'demo' }, DEMO_USER.mobile);
    t.clock.advance(5 * MINUTE);
    expect(codeOf(await validate(t.api, late))).toBe(1215);
  });

  it('refuses an empty auth code as an invalid parameter', async () => {
    expect(codeOf(await t.api.call('GET', `${AUTH}/validate-auth-code?code=`))).toBe(1001);
  });

  it('answers one-click login with 1214 while no carrier is configured', async () => {
    const body = envelope(await t.api.call('POST', `${AUTH}/one-click-login`));
    expect(body).toEqual({ code: 1214, msg: ERRORS.oneClickLoginNotConfigured['zh-CN'], data: null });
  });

  it('refuses a login without tenant headers', async () => {
    const bare = new AccountsClient(t.app, {});
    expect(codeOf(await bare.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(1102);
  });
});
