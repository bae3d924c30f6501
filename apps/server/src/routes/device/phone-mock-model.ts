import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  mockModelBody,
  mockModelListQuery,
  mockModelSchema,
  taskReplySchema,
  userPhoneIdQuery,
} from '@cloudphone/contracts/phones';
import { defineRoute } from '../../http/route';

/** /api/device/phone-mock-model: the handset a phone passes for. */
export default async function phoneMockModelRoutes(app: FastifyInstance) {
  const { phoneControl } = app.services;

  defineRoute(app, {
    method: 'GET',
    url: '/current',
    summary: 'The handset a phone passes for now',
    access: 'user',
    query: userPhoneIdQuery,
    response: mockModelSchema,
    handler: ({ auth, query }) => phoneControl.currentModel(auth, query.userPhoneId),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/list-manufacturer',
    summary: 'The manufacturers whose handsets a phone can pass for',
    access: 'user',
    response: z.array(z.string()),
    handler: () => phoneControl.manufacturers(),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/list',
    summary: "One manufacturer's handsets",
    access: 'user',
    query: mockModelListQuery,
    response: z.array(mockModelSchema),
    handler: ({ query }) => phoneControl.models(query.manufacturer),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/mock',
    summary: 'Pass the phone off as another handset; its apps and files stay (the phone restarts)',
    access: 'user',
    body: mockModelBody,
    response: taskReplySchema,
    handler: ({ auth, body }) => phoneControl.mockModel(auth, body.userPhoneId, body.manufacturer, body.model),
  });
}
