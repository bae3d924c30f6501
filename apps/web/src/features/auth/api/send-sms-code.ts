import type { SmsSceneValue } from '@cloudphone/contracts/auth';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import { call } from '../../../lib/api-client';

/** Sends a code to a number; sending again within 60 s answers 429 "Please do not operate frequently". */
export const sendSmsCode = (mobile: string, scene: SmsSceneValue) =>
  call(auth.sendSmsCode, { body: { mobile, scene } });
