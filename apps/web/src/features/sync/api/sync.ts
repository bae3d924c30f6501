import { useQuery } from '@tanstack/react-query';
import * as sync from '@cloudphone/contracts/endpoints/device/sync';
import { call } from '../../../lib/api-client';
import { syncSessionsQuery } from '../../../lib/sync-following';

/** The user's sync sessions under way: a reloaded page finds its own. */
export const useSyncSessions = () => useQuery(syncSessionsQuery);

export const startSync = (mainUserPhoneId: number, followerUserPhoneIds: number[]) =>
  call(sync.create, { body: { mainUserPhoneId, followerUserPhoneIds } });

export const endSync = (syncId: string) => call(sync.end, { body: { syncId } });
