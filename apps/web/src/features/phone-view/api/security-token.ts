import type { SecurityToken } from '@cloudphone/contracts/sdk';
import { SECURITY_TOKEN_VALID_SECONDS } from '@cloudphone/contracts/limits';
import { request } from '../../../lib/request';

/** The key and stream URL to watch and control one phone (spec §7, DESIGN §4). */
export const getSecurityToken = (userPhoneId: number) =>
  request<SecurityToken>('/api/device/user/phone/security-token', {
    method: 'POST',
    query: { userPhoneId, validTime: SECURITY_TOKEN_VALID_SECONDS },
  });
