import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { SmsScene, type LoginDevice } from '@cloudphone/contracts/auth';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { LIVE_EVENT_CHANNELS_PER_ACCOUNT } from '@cloudphone/contracts/limits';
import { EVENTS_PATH } from '@cloudphone/contracts/live-events';
import { AUTH, DEMO_USER, USER } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { usePhoneApp } from './helpers/phones';
import { codeOf, dataOf } from './helpers/requests';

describeEachDatabase('the live-events channel', (open) => {
  const t = usePhoneApp(open);

  const listen = async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  };

  it('holds at most LIVE_EVENT_CHANNELS_PER_ACCOUNT channels open per account; one closed frees its place', async () => {
    const port = await listen();
    const openChannel = (token = t.me.token) => {
      const controller = new AbortController();
      const reply = fetch(`http://127.0.0.1:${port}${EVENTS_PATH}`, {
        headers: { ...t.api.headers, authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      return { reply, close: () => controller.abort() };
    };
    const channels = Array.from({ length: LIVE_EVENT_CHANNELS_PER_ACCOUNT }, () => openChannel());
    for (const channel of channels)
      expect((await channel.reply).headers.get('content-type')).toMatch(/^text\/event-stream/);

    const refused = await openChannel().reply;
    expect(await refused.json()).toMatchObject({ code: ResponseCode.TOO_FREQUENT });
    // Another account has its own.
    const others = openChannel(t.other.token);
    expect((await others.reply).headers.get('content-type')).toMatch(/^text\/event-stream/);

    channels[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = openChannel();
    expect((await again.reply).headers.get('content-type')).toMatch(/^text\/event-stream/);
    for (const channel of [...channels, others, again]) channel.close();
  });

  it('closes a session’s channel within a second of its end: logout, device sign-out, password change, cancellation', async () => {
    const port = await listen();
    /** A channel of `token`'s session, and when it ended (the server closed it). */
    const openChannel = async (token: string) => {
      const controller = new AbortController();
      const reply = await fetch(`http://127.0.0.1:${port}${EVENTS_PATH}`, {
        headers: { ...t.api.headers, authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const channel = { ended: false, close: () => controller.abort() };
      void (async () => {
        for await (const _chunk of reply.body! as unknown as AsyncIterable<Uint8Array>);
      })()
        .catch(() => undefined)
        .finally(() => (channel.ended = true));
      return channel;
    };
    const endsWithin = async (channel: { ended: boolean }, ms = 1_000) => {
      const deadline = performance.now() + ms;
      while (!channel.ended && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      return channel.ended;
    };
    const sessions = await Promise.all([1, 2, 3].map(() => t.api.loginOk()));
    const [a, b, c] = await Promise.all(sessions.map((s) => openChannel(s.accessToken)));
    const others = await openChannel(t.other.token);

    expect(codeOf(await t.api.call('POST', `${AUTH}/logout`, { token: sessions[0]!.accessToken }))).toBe(0);
    expect(await endsWithin(a!)).toBe(true);
    expect(b!.ended || c!.ended).toBe(false);

    // The second session signs the third out, as from Mine → login devices.
    const devices = await t.api.call('GET', `${USER}/login-device/list`, { token: sessions[2]!.accessToken });
    const third = dataOf<LoginDevice[]>(devices).find((device) => device.current)!;
    const signOut = { sessionId: third.sessionId };
    const signedOut = await t.api.call('PUT', `${USER}/login-device/sign-out`, {
      token: sessions[1]!.accessToken,
      payload: signOut,
    });
    expect(codeOf(signedOut)).toBe(0);
    expect(await endsWithin(c!)).toBe(true);
    expect(b!.ended).toBe(false);

    // A password change ends every other session; the one that made it keeps its channel.
    const d = await openChannel((await t.api.loginOk()).accessToken);
    const password = { oldPassword: DEMO_USER.password, password: 'changed123', confirmPassword: 'changed123' };
    expect(
      codeOf(
        await t.api.call('PUT', `${USER}/update-password`, { token: sessions[1]!.accessToken, payload: password }),
      ),
    ).toBe(0);
    expect(await endsWithin(d)).toBe(true);
    expect(b!.ended).toBe(false);

    const code = await t.api.freshOwnCode(sessions[1]!.accessToken, DEMO_USER.mobile, SmsScene.unregister);
    expect(
      codeOf(await t.api.call('PUT', `${USER}/unregister`, { token: sessions[1]!.accessToken, payload: { code } })),
    ).toBe(0);
    expect(await endsWithin(b!)).toBe(true);
    expect(others.ended).toBe(false);
    others.close();
  });
});
