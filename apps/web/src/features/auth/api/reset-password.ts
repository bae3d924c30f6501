import { request } from '../../../lib/request';

export interface ResetPasswordBody {
  mobile: string;
  /** A scene-3 (reset password) code. */
  code: string;
  password: string;
  confirmPassword: string;
}

export const resetPassword = (body: ResetPasswordBody) =>
  request<null>('/api/merchant/user/reset-password', { method: 'PUT', body });
