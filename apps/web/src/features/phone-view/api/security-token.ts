import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { SECURITY_TOKEN_VALID_SECONDS } from '@cloudphone/contracts/limits';
import { call } from '../../../lib/api-client';

/** The key and stream URL to watch and control one phone (spec §7, DESIGN §4). */
export const getSecurityToken = (userPhoneId: number) =>
  call(userPhone.securityToken, { query: { userPhoneId, validTime: SECURITY_TOKEN_VALID_SECONDS } });
