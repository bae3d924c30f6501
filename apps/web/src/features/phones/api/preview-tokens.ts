import { useQueries } from '@tanstack/react-query';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { SECURITY_TOKEN_VALID_SECONDS } from '@cloudphone/contracts/limits';
import { call } from '../../../lib/api-client';

/** A minute short of the token's life, so a cached key is never presented just as it lapses. */
const TOKEN_FRESH_MS = (SECURITY_TOKEN_VALID_SECONDS - 60) * 1000;

export const getPreviewTokenQueryOptions = (userPhoneId: number) => ({
  queryKey: ['phones', 'preview-token', userPhoneId] as const,
  queryFn: () =>
    call(userPhone.securityToken, {
      query: { userPhoneId, validTime: SECURITY_TOKEN_VALID_SECONDS },
      // A cell without a picture says enough; a notification per phone would flood the screen.
      silent: true,
    }),
  staleTime: TOKEN_FRESH_MS,
  gcTime: TOKEN_FRESH_MS,
  retry: false,
});

/**
 * The access key and stream URL of every phone shown on a grid page, in display order (null where
 * none was given), and whether any is still on its way.
 */
export const usePreviewTokens = (userPhoneIds: number[]) =>
  useQueries({
    queries: userPhoneIds.map(getPreviewTokenQueryOptions),
    combine: (results) => ({
      tokens: results.map((r) => r.data ?? null),
      pending: results.some((r) => r.isPending),
    }),
  });
