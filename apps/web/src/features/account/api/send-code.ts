import type { SmsSceneValue } from '@cloudphone/contracts/auth';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import { call } from '../../../lib/api-client';

/** A code to the signed-in user's own number (change mobile, unregister). */
export const sendCodeToOwnMobile = (scene: SmsSceneValue) => call(auth.sendSmsCodeLogging, { body: { scene } });

/** A code to another number (scene 5: the new number being bound). */
export const sendCodeToMobile = (mobile: string, scene: SmsSceneValue) =>
  call(auth.sendSmsCode, { body: { mobile, scene } });
