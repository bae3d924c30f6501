import type { FastifyInstance } from 'fastify';
import * as clients from '@cloudphone/contracts/endpoints/admin/clients';
import { defineRoute } from '../../http/route';

/** /api/admin/clients: the tenant's clients and limits (issue 63). */
export default async function adminClientRoutes(app: FastifyInstance) {
  const { consoleClients } = app.services;
  defineRoute(app, clients.list, ({ operator }) => consoleClients.list(operator.tenantId));
  defineRoute(app, clients.setTheme, ({ operator, actor, body }) =>
    consoleClients.setTheme(actor, operator.tenantId, body.clientId, body.theme),
  );
  defineRoute(app, clients.setLogo, ({ operator, actor, body }) =>
    consoleClients.setLogo(actor, operator.tenantId, body.clientId, Buffer.from(body.image, 'base64')),
  );
  defineRoute(app, clients.setFunction, ({ operator, actor, body }) =>
    consoleClients.setFunction(actor, operator.tenantId, body.clientId, body.key, body.enable),
  );
  defineRoute(app, clients.setAgreement, ({ operator, actor, body: { clientId, ...agreement } }) =>
    consoleClients.setAgreement(actor, operator.tenantId, clientId, agreement),
  );
  defineRoute(app, clients.setCustomerService, ({ operator, actor, body }) =>
    consoleClients.setCustomerService(actor, operator.tenantId, body.clientId, {
      qrFile: body.qrImage === undefined ? undefined : Buffer.from(body.qrImage, 'base64'),
      link: body.link,
      workTime: body.workTime,
    }),
  );
  defineRoute(app, clients.setSetting, ({ operator, actor, body }) =>
    consoleClients.setSetting(actor, operator.tenantId, body.clientId, body.key, body.value),
  );
  defineRoute(app, clients.setLimit, async ({ operator, actor, body }) => {
    await consoleClients.setLimit(actor, operator.tenantId, body.key, body.value);
  });
}
