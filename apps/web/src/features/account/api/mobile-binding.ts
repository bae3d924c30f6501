import { queryOptions, useQuery } from '@tanstack/react-query';
import { SmsScene } from '@cloudphone/contracts/auth';
import * as auth from '@cloudphone/contracts/endpoints/merchant/auth';
import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';

/** Spec §5: a number can be rebound once per 30 days. A PUT with an empty body, though it only reads. */
export const getCanChangeMobileQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'can-change-mobile'],
    queryFn: () => call(user.canChangeMobile),
    staleTime: 0,
  });

export const useCanChangeMobile = () => useQuery(getCanChangeMobileQueryOptions());

/** Checks the code sent to the current number; the ticket proves it to change-mobile. */
export const validateOwnMobileCode = (code: string) =>
  call(auth.validateSmsCode, { body: { scene: SmsScene.changeMobile, code } });

/** `code` is the scene-5 code sent to the new number. */
export const changeMobile = (body: { ticket: string; mobile: string; code: string }) =>
  call(user.changeMobile, { body });
