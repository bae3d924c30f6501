import type { FastifyInstance } from 'fastify';
import * as transfer from '@cloudphone/contracts/endpoints/device/user-phone-transfer';
import { defineRoute } from '../../http/route';

/** /api/device/user/phone/transfer: the records of transfers between accounts. */
export default async function userPhoneTransferRoutes(app: FastifyInstance) {
  const { phoneTransfers } = app.services;

  defineRoute(app, transfer.page, ({ auth, query }) => phoneTransfers.page(auth, query));
}
