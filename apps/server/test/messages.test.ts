import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { signSdkRequest } from '@cloudphone/contracts/access-key';
import { ERRORS } from '@cloudphone/contracts/errors';
import type { Message, UnreadCount } from '@cloudphone/contracts/messages';
import { SdkHeader } from '@cloudphone/contracts/sdk';
import { DAY } from './helpers/accounts';
import { describeEachDatabase } from './helpers/databases';
import { codeOf, dataOf } from './helpers/requests';
import { givePhones, usePhoneApp, type PhoneContext, type PhoneUser } from './helpers/phones';

const HOUR = 3_600_000;
const MESSAGE = '/api/message';
const SEND = '/api/merchant/open/message/send';

const page = async (t: PhoneContext, user: PhoneUser, type = 'all') =>
  dataOf<{ list: Message[]; total: number }>(
    await t.call('GET', `${MESSAGE}/page?type=${type}`, { token: user.token }),
  );
const unread = async (t: PhoneContext, user: PhoneUser) =>
  dataOf<UnreadCount>(await t.call('GET', `${MESSAGE}/unread-count`, { token: user.token }));
const broadcastTo = (t: PhoneContext, user: PhoneUser, title: string) =>
  t.app.services.messages.broadcast(user.tenantId, { title, content: `${title}, in full`, uid: undefined });

describeEachDatabase('the message centre', (open) => {
  const t = usePhoneApp(open);

  it('keeps each user’s messages to them: another user can neither list, read nor mark them', async () => {
    const user = await t.app.repos.users.findById(t.me.userId);
    await t.app.services.messages.broadcast(t.me.tenantId, { title: 'Hi', content: 'Only you', uid: user!.userNo });
    const [mine] = (await page(t, t.me)).list;
    expect(mine).toMatchObject({ type: 'system', title: 'Hi', content: 'Only you', read: false });
    expect((await page(t, t.other)).total).toBe(0);
    const theirs = await t.call('GET', `${MESSAGE}/get?messageId=${mine!.messageId}`, { token: t.other.token });
    expect(codeOf(theirs)).toBe(ERRORS.messageNotFound.code);
    await t.call('PUT', `${MESSAGE}/read`, { token: t.other.token, payload: { messageIds: [mine!.messageId] } });
    expect((await unread(t, t.me)).system).toBe(1);
  });

  it('counts unread messages by type; reading one and then all brings them to nought', async () => {
    for (const title of ['One', 'Two', 'Three']) await broadcastTo(t, t.me, title);
    expect(await unread(t, t.me)).toEqual({ all: 3, system: 3, assistant: 0 });
    const [newest] = (await page(t, t.me, 'system')).list;
    expect(newest?.title).toBe('Three');
    const read = dataOf<UnreadCount>(
      await t.call('PUT', `${MESSAGE}/read`, { payload: { messageIds: [newest!.messageId] } }),
    );
    expect(read.all).toBe(2);
    expect(dataOf<Message>(await t.call('GET', `${MESSAGE}/get?messageId=${newest!.messageId}`)).read).toBe(true);
    expect(dataOf<UnreadCount>(await t.call('PUT', `${MESSAGE}/read-all`, { payload: {} }))).toEqual({
      all: 0,
      system: 0,
      assistant: 0,
    });
  });

  it('tells an owner once that a phone expires within a day, once that it expired, and again for a renewed expiry', async () => {
    const [phone] = await givePhones(t, t.other, 1, 2);
    const kinds = async () => (await page(t, t.other)).list.map((m) => m.title);
    await t.app.services.messages.tellExpiries();
    expect(await kinds()).toEqual([]);
    await t.travel(DAY + HOUR);
    await t.app.services.messages.tellExpiries();
    await t.app.services.messages.tellExpiries();
    expect(await kinds()).toEqual(['云手机即将到期']);
    await t.travel(DAY);
    await t.app.services.messages.tellExpiries();
    await t.app.services.messages.tellExpiries();
    expect(await kinds()).toEqual(['云手机已到期', '云手机即将到期']);
    // Renewed, it has a new expiry: that one is told in its turn.
    await t.app.repos.userPhones.extend(phone!.id, t.clock.now(), HOUR);
    await t.app.services.messages.tellExpiries();
    expect((await kinds()).length).toBe(3);
  });

  it('writes the transfer into both accounts’ messages', async () => {
    const [phone] = await givePhones(t, t.me, 1, 30);
    const other = await t.app.repos.users.findById(t.other.userId);
    const reply = await t.call('PUT', '/api/device/user/phone/give', {
      payload: { userPhoneIds: [phone!.id], account: other!.mobile },
    });
    expect(codeOf(reply), JSON.stringify(reply.json())).toBe(0);
    const received = (await page(t, t.other)).list[0];
    expect(received).toMatchObject({ title: '收到转移的云手机', read: false });
    expect(received!.content).toContain('138****0000');
    expect((await page(t, t.me)).list.map((m) => m.title)).toContain('云手机已转出');
  });

  it('takes a merchant’s signed broadcast once, and refuses the same call replayed or a wrong signature', async () => {
    const { accessKey, secretKey } = await t.app.services.messages.createMerchantKey(t.me.tenantId);
    const body = JSON.stringify({ title: 'Maintenance', content: 'Tonight 2:00–3:00' });
    const signed = (secret: string, time = String(t.clock.now())) => ({
      'content-type': 'application/json',
      [SdkHeader.accessKey]: accessKey,
      [SdkHeader.requestTime]: time,
      [SdkHeader.signature]: signSdkRequest(secret, 'POST', SEND, time, body),
    });
    const headers = signed(secretKey);
    const first = await t.app.inject({ method: 'POST', url: SEND, headers, payload: body });
    expect(dataOf<{ recipients: number }>(first).recipients).toBeGreaterThanOrEqual(2);
    expect((await page(t, t.other)).list[0]).toMatchObject({ title: 'Maintenance', content: 'Tonight 2:00–3:00' });
    const replayed = await t.app.inject({ method: 'POST', url: SEND, headers, payload: body });
    expect(codeOf(replayed)).toBe(ERRORS.merchantSignatureInvalid.code);
    const forged = await t.app.inject({ method: 'POST', url: SEND, headers: signed('0'.repeat(64)), payload: body });
    expect(codeOf(forged)).toBe(ERRORS.merchantSignatureInvalid.code);
  });

  it('answers through the merchant’s OpenAI-compatible assistant where the client’s AI mode is on', async () => {
    const assistant = await stubAssistant((question) => `You asked: ${question}`);
    try {
      const state = async () => dataOf<{ available: boolean }>(await t.call('GET', `${MESSAGE}/assistant`));
      expect(await state()).toEqual({ available: false });
      const ask = () => t.call('POST', `${MESSAGE}/ask`, { payload: { text: 'How do I renew?' } });
      expect(codeOf(await ask())).toBe(ERRORS.assistantOff.code);
      const config = t.app.repos.config;
      await config.setTenantValue(t.me.tenantId, 'assistant.url', assistant.url);
      const client = await t.app.repos.clients.findById(Number(t.api.headers['client-id']));
      await t.app.repos.clients.update(client!.id, { aiMode: true });
      expect(await state()).toEqual({ available: true });
      expect(dataOf<Message>(await ask())).toMatchObject({ type: 'assistant', content: 'You asked: How do I renew?' });
      expect((await page(t, t.me, 'assistant')).list.map((m) => m.content)).toEqual([
        'You asked: How do I renew?',
        'How do I renew?',
      ]);
    } finally {
      assistant.server.close();
    }
  });
});

/** A small local stand-in for an OpenAI-compatible chat-completions API. */
async function stubAssistant(answer: (question: string) => string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
      const question = messages.find((m) => m.role === 'user')?.content ?? '';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer(question) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}
