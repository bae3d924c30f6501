import { expect, it } from 'vitest';
import type { TokenPair } from '@cloudphone/contracts/auth';
import { ERRORS } from '@cloudphone/contracts/errors';
import { AccountsClient, AUTH, DAY, MINUTE, useAccountsApp } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf, envelope } from './helpers/requests';

describeEachDatabase('access and refresh tokens', (open) => {
  const t = useAccountsApp(open);

  it('answers user/get without a token with 401 and the catalogue message', async () => {
    const body = envelope(await t.api.profile(undefined));
    expect(body).toEqual({ code: 401, msg: ERRORS.tokenExpired['zh-CN'], data: null });
  });

  it('answers 401 to a garbage token, a tampered token and a non-bearer header', async () => {
    const { accessToken } = await t.api.loginOk();
    expect(await t.api.tokenState('garbage')).toBe(401);
    expect(await t.api.tokenState(`${accessToken.slice(0, -2)}xx`)).toBe(401);
    // A payload of our own choosing under the signature of a real token.
    const mac = accessToken.split('.')[1];
    const forged = Buffer.from(JSON.stringify({ uid: 1, tid: 1, cid: 1, sid: 1, exp: Date.now() * 2, k: 'access' }));
    expect(await t.api.tokenState(`${forged.toString('base64url')}.${mac}`)).toBe(401);
    const basic = await t.api.call('GET', '/api/merchant/user/get', { headers: { authorization: accessToken } });
    expect(codeOf(basic)).toBe(401);
  });

  it('answers 401 once the clock passes expiresTime', async () => {
    const { accessToken, expiresTime } = await t.api.loginOk();
    t.clock.t = expiresTime - 1;
    expect(await t.api.tokenState(accessToken)).toBe(0);
    t.clock.t = expiresTime + 1;
    expect(await t.api.tokenState(accessToken)).toBe(401);
  });

  it('refreshes with the body form: a new pair, while the old access token works until it expires', async () => {
    const first = await t.api.loginOk();
    t.clock.advance(10 * MINUTE);
    const next = dataOf<TokenPair>(await t.api.refresh(first.refreshToken));
    expect(next).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresTime: t.clock.now() + 30 * MINUTE,
      userId: first.userId,
    });
    expect(next.accessToken).not.toBe(first.accessToken);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(await t.api.tokenState(first.accessToken)).toBe(0);
    expect(await t.api.tokenState(next.accessToken)).toBe(0);

    t.clock.t = first.expiresTime;
    expect(await t.api.tokenState(first.accessToken)).toBe(401);
    expect(await t.api.tokenState(next.accessToken)).toBe(0);
  });

  it('refreshes with the ?refreshToken= query form, without tenant headers', async () => {
    const first = await t.api.loginOk();
    const reply = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/refresh-token?refreshToken=${encodeURIComponent(first.refreshToken)}`,
    });
    const next = dataOf<TokenPair>(reply);
    expect(next.userId).toBe(first.userId);
    expect(await t.api.tokenState(next.accessToken)).toBe(0);
  });

  it('refreshes after the access token expired, within the 30-day session', async () => {
    const first = await t.api.loginOk();
    t.clock.advance(29 * DAY);
    expect(await t.api.tokenState(first.accessToken)).toBe(401);
    const next = dataOf<TokenPair>(await t.api.refresh(first.refreshToken));
    expect(await t.api.tokenState(next.accessToken)).toBe(0);
  });

  it('refuses to refresh a session older than 30 days', async () => {
    const first = await t.api.loginOk();
    t.clock.advance(30 * DAY);
    expect(codeOf(await t.api.refresh(first.refreshToken))).toBe(401);
  });

  it('answers 401 to a refresh without a token or with an unknown one', async () => {
    expect(codeOf(await t.api.call('POST', `${AUTH}/refresh-token`, { payload: {} }))).toBe(401);
    expect(codeOf(await t.api.refresh('unknown-refresh-token'))).toBe(401);
  });

  it('treats the reuse of a rotated refresh token as theft and ends the whole session', async () => {
    const first = await t.api.loginOk();
    const second = dataOf<TokenPair>(await t.api.refresh(first.refreshToken));
    const third = dataOf<TokenPair>(await t.api.refresh(second.refreshToken));

    expect(codeOf(await t.api.refresh(first.refreshToken))).toBe(401);
    // The family is revoked: the newest refresh token fails too, and the session's access tokens answer 400.
    expect(codeOf(await t.api.refresh(third.refreshToken))).toBe(401);
    expect(await t.api.tokenState(third.accessToken)).toBe(400);
    expect(await t.api.tokenState(first.accessToken)).toBe(400);
  });

  it('lets only one of two parallel refreshes with one token win', async () => {
    const first = await t.api.loginOk();
    const codes = (await Promise.all([t.api.refresh(first.refreshToken), t.api.refresh(first.refreshToken)])).map(
      codeOf,
    );
    expect(codes.sort()).toEqual([0, 401]);
  });

  it('keeps other sessions alive when one session is revoked for reuse', async () => {
    const stolen = await t.api.loginOk();
    const other = await t.api.loginOk();
    await t.api.refresh(stolen.refreshToken);
    await t.api.refresh(stolen.refreshToken);
    expect(await t.api.tokenState(stolen.accessToken)).toBe(400);
    expect(await t.api.tokenState(other.accessToken)).toBe(0);
  });

  it('logs out: the access token answers 400 and its refresh token fails', async () => {
    const pair = await t.api.loginOk();
    const other = await t.api.loginOk();
    expect(codeOf(await t.api.call('POST', `${AUTH}/logout`, { token: pair.accessToken }))).toBe(0);
    const body = envelope(await t.api.profile(pair.accessToken));
    expect(body).toEqual({ code: 400, msg: ERRORS.sessionInvalid['zh-CN'], data: null });
    expect(codeOf(await t.api.refresh(pair.refreshToken))).toBe(401);
    expect(await t.api.tokenState(other.accessToken)).toBe(0);
  });

  it('answers logout without a token with 401', async () => {
    expect(codeOf(await t.api.call('POST', `${AUTH}/logout`))).toBe(401);
  });

  it("answers 400 to a tenant 1 token sent with tenant100's headers", async () => {
    const { accessToken } = await t.api.loginOk();
    const tenant100 = await AccountsClient.of(t.app, 'tenant100');
    const body = envelope(await tenant100.profile(accessToken));
    expect(body.code).toBe(400);
    // A tenant100 user's token is likewise refused on tenant 1.
    const own = await tenant100.smsLoginOk('13711112222');
    expect(await tenant100.tokenState(own.accessToken)).toBe(0);
    expect(await t.api.tokenState(own.accessToken)).toBe(400);
  });

  it('refuses the XSRF check only when a cookie is held and the header differs', async () => {
    const { accessToken } = await t.api.loginOk();
    const logout = (headers: Record<string, string>) =>
      t.api.call('POST', `${AUTH}/logout`, { token: accessToken, headers });
    expect(codeOf(await logout({ cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'other' }))).toBe(403);
    expect(await t.api.tokenState(accessToken)).toBe(0);
    expect(codeOf(await logout({ cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' }))).toBe(0);
  });
});
