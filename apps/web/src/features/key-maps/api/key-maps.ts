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

/** Keeps the user's own map for the package it was made for (a default changed becomes their copy). */
export function useSaveKeyMap() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ packageName, map }: { packageName: string; map: KeyMap }) =>
      call(keyMap.save, { body: { packageName, keyMap: map } }),
    onSuccess: (reply: KeyMapReply, { packageName }) => queries.setQueryData(keyMapKey(packageName), reply),
  });
}

/** Drops the user's own map for the package: the default, if any, plays again. */
export function useResetKeyMap() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (packageName: string) => call(keyMap.delete, { query: { packageName } }),
    onSuccess: (reply: KeyMapReply, packageName) => queries.setQueryData(keyMapKey(packageName), reply),
  });
}
