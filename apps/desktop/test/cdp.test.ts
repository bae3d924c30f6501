import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CdpConnection, type CdpMessage } from '../src/browser/cdp';
import { DevToolsClient } from '../src/browser/devtools-client';

/** The browser's end of `--remote-debugging-pipe`: what the shell wrote, and a way to answer. */
function fakeBrowser() {
  const commands = new PassThrough();
  const replies = new PassThrough();
  const written: CdpMessage[] = [];
  let unread = '';
  commands.on('data', (chunk: Buffer) => {
    const texts = (unread + chunk.toString()).split('\0');
    unread = texts.pop()!;
    written.push(...texts.map((text) => JSON.parse(text) as CdpMessage));
  });
  const write = (...messages: CdpMessage[]) => replies.write(messages.map((m) => `${JSON.stringify(m)}\0`).join(''));
  return { cdp: new CdpConnection(commands, replies), written, write, replies };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the DevTools pipe', () => {
  it('answers each command by its id, however the browser splits or joins its messages', async () => {
    const browser = fakeBrowser();
    const first = browser.cdp.send('Browser.getVersion');
    const second = browser.cdp.send('Target.getTargets', {}, 'S1');
    await tick();
    expect(browser.written).toEqual([
      { id: 1, method: 'Browser.getVersion', params: {} },
      { id: 2, method: 'Target.getTargets', params: {}, sessionId: 'S1' },
    ]);
    const both = `${JSON.stringify({ id: 2, result: { targetInfos: [] } })}\0${JSON.stringify({ id: 1, result: { product: 'Chrome/1' } })}\0`;
    browser.replies.write(both.slice(0, 10));
    browser.replies.write(both.slice(10));
    expect(await first).toEqual({ product: 'Chrome/1' });
    expect(await second).toEqual({ targetInfos: [] });
  });

  it('refuses the commands still waiting when the browser goes away, and says it is closed', async () => {
    const browser = fakeBrowser();
    let closed = false;
    browser.cdp.on('closed', () => (closed = true));
    const waiting = browser.cdp.send('Browser.getVersion');
    browser.replies.end();
    await expect(waiting).rejects.toThrow('the browser closed');
    expect(closed).toBe(true);
    await expect(browser.cdp.send('Browser.getVersion')).rejects.toThrow('the browser closed');
  });

  it('gives a second client a browser session of its own, whose events the shell never hears', async () => {
    const browser = fakeBrowser();
    const heard: string[] = [];
    browser.cdp.on('Target.attachedToTarget', (_params, from) => heard.push(`shell ${from ?? 'root'}`));
    const attaching = DevToolsClient.attach(browser.cdp);
    await tick();
    browser.write({ id: 1, result: { sessionId: 'B' } });
    const client = await attaching;
    const got: object[] = [];
    client.onmessage = (message) => got.push(message);

    client.send({ id: 7, method: 'Target.setAutoAttach', params: { autoAttach: true } });
    await tick();
    expect(browser.written.at(-1)).toEqual({
      id: 2,
      method: 'Target.setAutoAttach',
      params: { autoAttach: true },
      sessionId: 'B',
    });
    browser.write(
      { method: 'Target.attachedToTarget', params: { sessionId: 'P' }, sessionId: 'B' },
      { id: 2, result: {}, sessionId: 'B' },
      { method: 'Runtime.executionContextCreated', params: {}, sessionId: 'P' },
      { method: 'Target.attachedToTarget', params: { sessionId: 'S' } },
    );
    // Handed over one a task, in the order the browser wrote them.
    await expect
      .poll(() => got)
      .toEqual([
        { method: 'Target.attachedToTarget', params: { sessionId: 'P' } },
        { id: 7, result: {} },
        { method: 'Runtime.executionContextCreated', params: {}, sessionId: 'P' },
      ]);
    expect(heard).toEqual(['shell root']);
  });
});
