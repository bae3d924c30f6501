import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as keyMap from '@cloudphone/contracts/endpoints/device/key-map';
import type { KeyMap, KeyMapReply } from '@cloudphone/contracts/key-maps';
import { call } from '../../../lib/api-client';

const keyMapKey = (packageName: string) => ['key-map', packageName] as const;

/** The key map the control window plays for the app in front: the user's own, else the game's default (issue 65). */
export const keyMapQueryOptions = (packageName: string | null) =>
  queryOptions({
    queryKey: keyMapKey(packageName ?? ''),
    queryFn: () => call(keyMap.get, { query: { packageName: packageName! }, silent: true }),
    enabled: !!packageName,
    staleTime: 60_000,
  });

/** Keeps the user's own map for the package (a default changed becomes their copy). */
export function useSaveKeyMap(packageName: string | null) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (map: KeyMap) => call(keyMap.save, { body: { packageName: packageName!, keyMap: map } }),
    onSuccess: (reply: KeyMapReply) => queries.setQueryData(keyMapKey(packageName ?? ''), reply),
  });
}

/** Drops the user's own map: the default, if any, plays again. */
export function useResetKeyMap(packageName: string | null) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => call(keyMap.delete, { query: { packageName: packageName! } }),
    onSuccess: (reply: KeyMapReply) => queries.setQueryData(keyMapKey(packageName ?? ''), reply),
  });
}
