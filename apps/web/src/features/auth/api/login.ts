import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import { call } from '../../../lib/api-client';

/** Wrong number or password answers 1209; the request layer shows it. */
export const passwordLogin = (body: { mobile: string; password: string }) => call(auth.login, { body });

/** Logs in with a scene-1 code; an unknown number is registered (spec §1). */
export const smsLogin = (body: { mobile: string; code: string }) => call(auth.smsLogin, { body });
