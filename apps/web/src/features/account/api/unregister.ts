import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';

/** Cancels the account with a scene-4 code; afterwards it cannot log in. */
export const unregister = (code: string) => call(user.unregister, { body: { code } });
