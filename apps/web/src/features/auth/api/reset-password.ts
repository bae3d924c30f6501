import type { BodyOf } from '@cloudphone/contracts/endpoints/endpoint';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';

/** The mobile, a scene-3 (reset password) code, and the new password twice. */
export type ResetPasswordBody = BodyOf<typeof user.resetPassword>;

export const resetPassword = (body: ResetPasswordBody) => call(user.resetPassword, { body });
