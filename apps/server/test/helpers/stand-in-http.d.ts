import type { IncomingMessage } from 'node:http';
/** A request's body as text. */
export declare function readBody(request: IncomingMessage): Promise<string>;
/** What our server answered a notice a stand-in posted, as the wallet would read it. */
export interface NoticeReply {
    status: number;
    body: string;
}
/** Posts a notice to the address the merchant gave, as the wallet does. */
export declare function postNotice(url: string, headers: Record<string, string>, body: string): Promise<NoticeReply>;
