import type { SmsSceneValue } from '@cloudphone/contracts/auth';
import { request } from '../../../lib/request';

/** Sends a code to a number; sending again within 60 s answers 429 "Please do not operate frequently". */
export const sendSmsCode = (mobile: string, scene: SmsSceneValue) =>
  request<null>('/api/merchant/auth/send-sms-code', { method: 'POST', body: { mobile, scene } });
