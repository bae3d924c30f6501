import type { FastifyInstance } from 'fastify';
import * as activationCode from '@cloudphone/contracts/endpoints/promotion/activation-code';
import { defineRoute } from '../../http/route';

/** /api/promotion/activation-code: activation and renewal codes (spec §1, §5). */
export default async function activationCodeRoutes(app: FastifyInstance) {
  const { activationCodes } = app.services;

  defineRoute(app, activationCode.activate, ({ gate, body }) =>
    activationCodes.activate(gate, body.codes, body.usage, body.userPhoneIds),
  );
  defineRoute(app, activationCode.record, ({ auth, query }) => activationCodes.records(auth, query));
}
