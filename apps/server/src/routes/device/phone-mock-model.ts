import type { FastifyInstance } from 'fastify';
import * as phoneMockModel from '@cloudphone/contracts/endpoints/device/phone-mock-model';
import { defineRoute } from '../../http/route';

/** /api/device/phone-mock-model: the handset a phone passes for. */
export default async function phoneMockModelRoutes(app: FastifyInstance) {
  const { phoneControl } = app.services;

  defineRoute(app, phoneMockModel.current, ({ gate, query }) => phoneControl.currentModel(gate, query.userPhoneId));
  defineRoute(app, phoneMockModel.listManufacturer, () => phoneControl.manufacturers());
  defineRoute(app, phoneMockModel.list, ({ query }) => phoneControl.models(query.manufacturer));
  defineRoute(app, phoneMockModel.mock, ({ gate, body }) =>
    phoneControl.mockModel(gate, body.userPhoneId, body.manufacturer, body.model),
  );
}
