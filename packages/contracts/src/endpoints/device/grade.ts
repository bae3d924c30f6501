import type { Endpoint } from '../endpoint';

/** /api/device/grade */

export const list = {
  method: 'GET',
  path: '/api/device/grade/list',
  access: 'tenant',
  summary: 'Device grades (hardware configurations) on sale',
  reply: (s, z) => z.array(s.deviceGradeSchema),
} satisfies Endpoint;
