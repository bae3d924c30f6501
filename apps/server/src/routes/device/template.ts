import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createTemplateBody,
  templateIdQuery,
  templateIdReply,
  templatePageQuery,
  templatePageSchema,
} from '@cloudphone/contracts/templates';
import { defineRoute } from '../../http/route';

/** /api/device/template: clone templates made from the user's phones (issue 15). */
export default async function templateRoutes(app: FastifyInstance) {
  const { templates } = app.services;

  defineRoute(app, {
    method: 'POST',
    url: '/create',
    summary: "Make a template of a phone's user data (apps, files, notes, clipboard, settings, game)",
    access: 'user',
    body: createTemplateBody,
    response: templateIdReply,
    handler: ({ auth, body }) => templates.create(auth, body.userPhoneId, body.name),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/page',
    summary: "A page of the user's templates: state, progress, size, creation time and days until expiry",
    access: 'user',
    query: templatePageQuery,
    response: templatePageSchema,
    handler: ({ auth, query }) => templates.page(auth, query),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/delete',
    summary: 'Delete a template (refused while a clone is putting it on a phone)',
    access: 'user',
    query: templateIdQuery,
    response: z.null(),
    handler: ({ auth, query }) => templates.delete(auth, query.templateId),
  });
}
