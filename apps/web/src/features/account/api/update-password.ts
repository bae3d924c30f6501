import { request } from '../../../lib/request';

export interface UpdatePasswordBody {
  /** Required once the account has a password. */
  oldPassword?: string;
  password: string;
  confirmPassword: string;
}

/** The server signs the user's other sessions out; this one stays. */
export const updatePassword = (body: UpdatePasswordBody) =>
  request<null>('/api/merchant/user/update-password', { method: 'PUT', body });
