import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activateBody, activationResultSchema, codeRecordPageSchema, pageQuery } from '@cloudphone/contracts/promotion';
import { defineRoute } from '../../http/route';

/** /api/promotion/activation-code: activation and renewal codes (spec §1, §5). */
export default async function activationCodeRoutes(app: FastifyInstance) {
  const { activationCodes } = app.services;

  defineRoute(app, {
    method: 'POST',
    url: '/activate',
    summary: 'Activate codes to buy phones or renew chosen phones; each code answers its own state',
    access: 'user',
    body: activateBody,
    response: z.array(activationResultSchema),
    handler: ({ auth, body }) => activationCodes.activate(auth, body.codes, body.usage, body.userPhoneIds),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/record',
    summary: 'The codes this user activated, newest first',
    access: 'user',
    query: pageQuery,
    response: codeRecordPageSchema,
    handler: ({ auth, query }) => activationCodes.records(auth, query),
  });
}
