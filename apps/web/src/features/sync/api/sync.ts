import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as sync from '@cloudphone/contracts/endpoints/device/sync';
import type { SyncUpdate } from '@cloudphone/contracts/sync';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const SESSIONS = ['sync-sessions'] as const;

/** The user's sync sessions under way: a reloaded page finds its own. */
export const useSyncSessions = () => useQuery(queryOptions({ queryKey: SESSIONS, queryFn: () => call(sync.list) }));

/** A session changed: it is read again, and the phone list shows who is in sync. */
export const refreshSync = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: SESSIONS }),
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
  ]);

export const startSync = (mainUserPhoneId: number, followerUserPhoneIds: number[]) =>
  call(sync.create, { body: { mainUserPhoneId, followerUserPhoneIds } });

export const updateSync = (change: SyncUpdate) => call(sync.update, { body: change });

export const endSync = (syncId: string) => call(sync.end, { body: { syncId } });
