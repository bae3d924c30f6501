import { queryOptions, useQuery } from '@tanstack/react-query';
import { SmsScene } from '@cloudphone/contracts/auth';
import { request } from '../../../lib/request';

interface CanChangeMobile {
  canChange: boolean;
  /** When the next change is allowed, epoch ms; null when it is allowed now. */
  nextChangeTime: number | null;
}

/** Spec §5: a number can be rebound once per 30 days. A PUT with an empty body, though it only reads. */
export const getCanChangeMobileQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'can-change-mobile'],
    queryFn: () => request<CanChangeMobile>('/api/merchant/user/can-change-mobile', { method: 'PUT' }),
    staleTime: 0,
  });

export const useCanChangeMobile = () => useQuery(getCanChangeMobileQueryOptions());

/** Checks the code sent to the current number; the ticket proves it to change-mobile. */
export const validateOwnMobileCode = (code: string) =>
  request<{ ticket: string }>('/api/merchant/auth/validate-sms-code', {
    method: 'POST',
    body: { scene: SmsScene.changeMobile, code },
  });

/** `code` is the scene-5 code sent to the new number. */
export const changeMobile = (body: { ticket: string; mobile: string; code: string }) =>
  request<null>('/api/merchant/user/change-mobile', { method: 'PUT', body });
