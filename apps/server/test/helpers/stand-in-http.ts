import type { IncomingMessage } from 'node:http';

/** A request's body as text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

/** What our server answered a notice a stand-in posted, as the wallet would read it. */
export interface NoticeReply {
  status: number;
  body: string;
}

/** Posts a notice to the address the merchant gave, as the wallet does. */
export async function postNotice(url: string, headers: Record<string, string>, body: string): Promise<NoticeReply> {
  const reply = await fetch(url, { method: 'POST', headers, body });
  return { status: reply.status, body: await reply.text() };
}
