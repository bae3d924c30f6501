import { expect, it } from 'vitest';
import type { LoginDevice } from '@cloudphone/contracts/auth';
import { SmsScene } from '@cloudphone/contracts/auth';
import { LOGIN_ATTEMPTS, SMS_SENDS } from '@cloudphone/contracts/limits';
import type { SmsProvider } from '../src/providers/sms/sms-provider';
import { AccountsClient, AUTH, DEMO_USER, TestClock, USER, useAccountsApp } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';

const PARALLEL = 50;
const NEW_MOBILE = '13711112222';
const parallel = <T>(count: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => run(i)));
const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((all, code) => ({ ...all, [code]: (all[code] ?? 0) + 1 }), {});

/** DESIGN §5: limits are counted first, atomically, so parallel requests cannot all slip under them. */
describeEachDatabase('limits under 50 parallel requests', (open) => {
  const t = useAccountsApp(open);

  it('hears 10 of 50 parallel wrong passwords and refuses the rest, and the right one after them', async () => {
    const replies = await parallel(PARALLEL, (i) => t.api.login(DEMO_USER.mobile, `wrong${i}pass`));
    expect(tally(replies.map(codeOf))).toEqual({ 1209: LOGIN_ATTEMPTS.perAccount, 429: 40 });
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(429);
  });

  it('lets a code take 5 of 50 parallel wrong tries, after which the right code is refused too', async () => {
    const code = await t.api.freshCode(NEW_MOBILE, SmsScene.login);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const replies = await parallel(PARALLEL, () => t.api.smsLogin(NEW_MOBILE, wrong));
    expect(replies.map(codeOf)).toEqual(Array(PARALLEL).fill(1205));
    const row = await t.app.repos.smsCodes.latestUnused(1, NEW_MOBILE, SmsScene.login);
    expect(row?.attempts).toBe(SMS_SENDS.triesPerCode);
    expect(codeOf(await t.api.smsLogin(NEW_MOBILE, code))).toBe(1205);
  });

  it('refuses password tries per account, and lets another account behind the same address log in', async () => {
    // 31 failures from one address, spread over accounts so none reaches its own limit.
    for (let i = 0; i <= LOGIN_ATTEMPTS.perAddressAtFullSpeed; i++)
      expect(codeOf(await t.api.login(`139${String(i).padStart(8, '0')}`, 'wrong1234'))).toBe(1209);
    // Slowed down, not locked out: the demo user behind the same address still logs in.
    expect(codeOf(await t.api.login(DEMO_USER.mobile, DEMO_USER.password))).toBe(0);
  });
});

describeEachDatabase('SMS sends under 50 parallel requests', (open) => {
  const sent: string[] = [];
  const provider: SmsProvider = { name: 'recording', send: async ({ mobile }) => void sent.push(mobile) };
  const app = async () => {
    sent.length = 0;
    const built = await buildTestApp(await open(), { sms: provider, clock: new TestClock() });
    return { app: built, api: await AccountsClient.of(built) };
  };

  it('sends one code of 50 parallel requests for one number', async () => {
    const { app: server, api } = await app();
    try {
      const replies = await parallel(PARALLEL, () => api.sendCode(NEW_MOBILE, SmsScene.login));
      expect(tally(replies.map(codeOf))).toEqual({ 0: 1, 429: 49 });
      expect(sent).toEqual([NEW_MOBILE]);
    } finally {
      await server.close();
    }
  });

  it('holds one address to 50 codes a day when 60 numbers are sent codes at once', async () => {
    const { app: server, api } = await app();
    try {
      const replies = await parallel(60, (i) => api.sendCode(`137${String(i).padStart(8, '0')}`, SmsScene.login));
      expect(tally(replies.map(codeOf))).toEqual({ 0: SMS_SENDS.perAddressPerDay, 429: 10 });
      expect(sent).toHaveLength(SMS_SENDS.perAddressPerDay);
    } finally {
      await server.close();
    }
  });
});

describeEachDatabase('the address a request comes from', (open) => {
  const loginFrom = async (trustedProxies: string[]) => {
    const app = await buildTestApp(await open(), { trustedProxies });
    try {
      const api = await AccountsClient.of(app);
      const login = await app.inject({
        method: 'POST',
        url: `${AUTH}/login`,
        remoteAddress: '10.0.0.2',
        headers: { ...api.headers, 'x-forwarded-for': '203.0.113.9' },
        payload: { mobile: DEMO_USER.mobile, password: DEMO_USER.password },
      });
      const devices = dataOf<LoginDevice[]>(
        await api.call('GET', `${USER}/login-device/list`, {
          token: dataOf<{ accessToken: string }>(login).accessToken,
        }),
      );
      return devices[0]?.ip;
    } finally {
      await app.close();
    }
  };

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    expect(await loginFrom([])).toBe('10.0.0.2');
    expect(await loginFrom(['10.0.0.0/8'])).toBe('203.0.113.9');
  });
});
