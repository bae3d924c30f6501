import { request } from '../../../lib/request';

/** Cancels the account with a scene-4 code; afterwards it cannot log in. */
export const unregister = (code: string) =>
  request<null>('/api/merchant/user/unregister', { method: 'PUT', body: { code } });
