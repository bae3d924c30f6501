import { useQuery } from '@tanstack/react-query';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { SECURITY_TOKEN_VALID_SECONDS } from '@cloudphone/contracts/limits';
import type { ViewKey } from '@cloudphone/contracts/sdk';
import { call } from './api-client';

/** A minute short of a key's life, so a cached key is never presented just as it lapses. */
const KEY_FRESH_MS = (SECURITY_TOKEN_VALID_SECONDS - 60) * 1000;

/**
 * The keys that open phones on their hosts (DESIGN §4), one home for both kinds (issue 23): a phone's
 * own key to watch and control it, asked for on each visit of its view; and view keys of many phones
 * in one call, for grids, previews and the desktop's windows.
 */
export const phoneKeys = {
  control: (userPhoneId: number) => ['phone-keys', 'control', userPhoneId] as const,
  view: (userPhoneIds: readonly number[]) => ['phone-keys', 'view', [...userPhoneIds].sort((a, b) => a - b)] as const,
};

/** The key and stream URL to watch and control one phone; a new one per visit (leaving ends the session, spec §2). */
export const controlKeyQueryOptions = (userPhoneId: number) => ({
  queryKey: phoneKeys.control(userPhoneId),
  queryFn: () => call(userPhone.securityToken, { query: { userPhoneId, validTime: SECURITY_TOKEN_VALID_SECONDS } }),
  enabled: Number.isInteger(userPhoneId) && userPhoneId > 0,
  gcTime: 0,
  staleTime: Infinity,
  retry: false,
});

/** View keys of the phones shown, in one call, by phone (a phone the user cannot open now has none). */
export function useViewKeys(userPhoneIds: readonly number[]) {
  return useQuery({
    queryKey: phoneKeys.view(userPhoneIds),
    queryFn: async () => {
      // A cell without a picture says enough; a notification per page would flood the screen.
      const keys = await call(userPhone.securityTokenBatch, {
        body: { userPhoneIds: [...userPhoneIds] },
        silent: true,
      });
      return new Map<number, ViewKey>(keys.map((key) => [key.userPhoneId, key]));
    },
    enabled: userPhoneIds.length > 0,
    staleTime: KEY_FRESH_MS,
    gcTime: KEY_FRESH_MS,
    retry: false,
  });
}
