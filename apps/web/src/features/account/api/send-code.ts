import type { SmsSceneValue } from '@cloudphone/contracts/auth';
import { request } from '../../../lib/request';

/** A code to the signed-in user's own number (change mobile, unregister). */
export const sendCodeToOwnMobile = (scene: SmsSceneValue) =>
  request<null>('/api/merchant/auth/send-sms-code-logging', { method: 'POST', body: { scene } });

/** A code to another number (scene 5: the new number being bound). */
export const sendCodeToMobile = (mobile: string, scene: SmsSceneValue) =>
  request<null>('/api/merchant/auth/send-sms-code', { method: 'POST', body: { mobile, scene } });
