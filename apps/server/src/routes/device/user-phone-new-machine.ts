import type { FastifyInstance } from 'fastify';
import * as newMachine from '@cloudphone/contracts/endpoints/device/user-phone-new-machine';
import { defineRoute } from '../../http/route';

/** /api/device/user/phone/new-machine: one-key new machine and its records. */
export default async function userPhoneNewMachineRoutes(app: FastifyInstance) {
  const { newMachines } = app.services;

  defineRoute(app, newMachine.newMachine, ({ gate, body }) => newMachines.start(gate, body));
  defineRoute(app, newMachine.page, ({ auth, query }) => newMachines.page(auth, query));
}
