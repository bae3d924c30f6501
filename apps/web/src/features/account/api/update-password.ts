import type { BodyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';

/** The new password twice, and the old one once the account has a password. */
export type UpdatePasswordBody = BodyOf<typeof user.updatePassword>;

/** The server signs the user's other sessions out; this one stays. */
export const updatePassword = (body: UpdatePasswordBody) => call(user.updatePassword, { body });
