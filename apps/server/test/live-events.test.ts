import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ResponseCode } from '@cloudphone/contracts/envelope';
import { LIVE_EVENT_CHANNELS_PER_ACCOUNT } from '@cloudphone/contracts/limits';
import { EVENTS_PATH } from '@cloudphone/contracts/live-events';
import { describeEachDatabase } from './helpers/databases';
import { usePhoneApp } from './helpers/phones';

describeEachDatabase('the live-events channel', (open) => {
  const t = usePhoneApp(open);

  it('holds at most LIVE_EVENT_CHANNELS_PER_ACCOUNT channels open per account; one closed frees its place', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
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
});
