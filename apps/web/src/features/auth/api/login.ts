import type { TokenPair } from '@cloudphone/contracts/auth';
import { request } from '../../../lib/request';

/** Wrong number or password answers 1209; the request layer shows it. */
export const passwordLogin = (body: { mobile: string; password: string }) =>
  request<TokenPair>('/api/merchant/auth/login', { method: 'POST', body });

/** Logs in with a scene-1 code; an unknown number is registered (spec §1). */
export const smsLogin = (body: { mobile: string; code: string }) =>
  request<TokenPair>('/api/merchant/auth/sms-login', { method: 'POST', body });
