import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as sync from '@cloudphone/contracts/endpoints/device/sync';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { Language } from '@cloudphone/contracts/locale';
import { SYNC_MAIN_UNNAMED, type SyncUpdate } from '@cloudphone/contracts/sync';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/** The user's sync sessions under way: the sync pages list them, a follower's view finds its main there. */
export const syncSessionsQuery = queryOptions({ queryKey: queryKeys.syncSessions, queryFn: () => call(sync.list) });

export const updateSync = (change: SyncUpdate) => call(sync.update, { body: change });

/** A session changed: it is read again, and the phone list shows who is in sync. */
export const refreshSync = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.syncSessions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
  ]);

/** What a follower's own view tells its owner, and the way out it offers (none if the session is gone). */
export interface FollowingRefusal {
  text: string;
  pause?: () => Promise<unknown>;
}

/**
 * The host refused a follower's own view its input (`syncFollowing`, issue 54): it takes only its
 * main's. The refusal names the main, read from the user's sessions, and pausing the follower makes
 * it its owner's again — the main no longer reaches it.
 */
export async function followingRefusal(
  queryClient: QueryClient,
  userPhoneId: number,
  language: Language,
): Promise<FollowingRefusal> {
  const sessions = await queryClient.fetchQuery({ ...syncSessionsQuery, staleTime: 0 }).catch(() => []);
  const session = sessions.find((s) => s.members.some((m) => m.userPhoneId === userPhoneId && m.role === 'follower'));
  const main = session?.members.find((m) => m.role === 'main');
  if (!session || !main) return { text: errorMessage('syncFollowing', language, SYNC_MAIN_UNNAMED[language]) };
  const named = language === 'zh-CN' ? `「${main.name}」` : `“${main.name}”`;
  return {
    text: errorMessage('syncFollowing', language, named),
    pause: () => updateSync({ syncId: session.syncId, pause: [userPhoneId] }).then(() => refreshSync(queryClient)),
  };
}
