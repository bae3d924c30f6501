import type { FastifyInstance } from 'fastify';
import { WALLET_NOTICE_PATH } from '../../providers/payments/wallet-context';
import { WALLET_SETTING_KEYS, type Wallet } from '../../providers/payments/wallet-settings';

/**
 * The wallets' notices, `POST /api/trade/pay/notify/{wechat|alipay}/{clientNo}` (issue 25). Outside
 * the JSON catalogue: each wallet signs the bytes it sends (WeChat Pay JSON, Alipay a form) and
 * wants its own answer (WeChat Pay a status, Alipay the plain word `success`), so the body is read
 * as text whatever its type, and the reply is the wallet's.
 */
export default async function walletNoticeRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { wallet: string; clientNo: string } }>(
    `${WALLET_NOTICE_PATH}/:wallet/:clientNo`,
    async (request, reply) => {
      const { wallet, clientNo } = request.params;
      if (!(wallet in WALLET_SETTING_KEYS)) return reply.code(404).send();
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
      );
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const answer = await app.services.payments.notice(wallet as Wallet, clientNo, { headers, rawBody });
      if (answer.status >= 400) request.log.warn({ wallet, clientNo }, 'wallet notice refused');
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );
}
