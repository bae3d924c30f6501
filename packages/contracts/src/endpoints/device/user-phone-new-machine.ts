import type { Endpoint } from '../endpoint';

/** /api/device/user/phone/new-machine: one-key new machine and its records (spec §1, §2 newMachine). */

export const newMachine = {
  method: 'POST',
  path: '/api/device/user/phone/new-machine',
  access: 'user',
  phone: 'newMachine',
  summary:
    'Make phones new: a random handset of the catalogue (optionally of one brand) with new IMEI and serial, user data wiped',
  body: (s) => s.newMachineBody,
  reply: (s) => s.newMachineReplySchema,
} satisfies Endpoint;

export const page = {
  method: 'GET',
  path: '/api/device/user/phone/new-machine/page',
  access: 'user',
  summary: "A page of the user's new machines, newest first, with each phone's identity before and after",
  query: (s) => s.newMachinePageQuery,
  reply: (s) => s.newMachinePageSchema,
} satisfies Endpoint;
