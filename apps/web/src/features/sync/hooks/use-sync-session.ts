import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncFollowerState, SyncSession } from '@cloudphone/contracts/sync';
import { useLiveEvents } from '../../../lib/live-events';
import { controlKeyQueryOptions, phoneKeys } from '../../../lib/phone-keys';
import { refreshSync, updateSync } from '../../../lib/sync-following';
import { endSync } from '../api/sync';

export type SyncMember = SyncSession['members'][number];

/** What a follower shows: paused by the user, or how it keeps up with the main. */
export type FollowerShown = SyncFollowerState | 'paused';

/**
 * A session under way, for both faces (phone and desktop): the main's key, the followers and how each
 * keeps up (its host tells it on the live channel), and the changes a user makes to it. A failed change
 * resolves false: the request layer has shown why.
 */
export function useSyncSession(session: SyncSession) {
  const queryClient = useQueryClient();
  // A key asked for in the session carries its id: only such input drives the phones in sync.
  const mainKey = useQuery({
    ...controlKeyQueryOptions(session.mainUserPhoneId),
    queryKey: [...phoneKeys.control(session.mainUserPhoneId), session.syncId],
  });
  const followers = useMemo(() => session.members.filter((m) => m.role === 'follower'), [session.members]);
  const [keeping, setKeeping] = useState<Record<number, SyncFollowerState>>({});
  useLiveEvents((event) => {
    if (event.type === 'sync.follower' && event.syncId === session.syncId)
      setKeeping((states) => ({ ...states, [event.userPhoneId]: event.state }));
  });

  const settle = async (work: Promise<unknown>) => {
    try {
      await work;
      await refreshSync(queryClient);
      return true;
    } catch {
      return false;
    }
  };
  return {
    mainKey,
    followers,
    shown: (member: SyncMember): FollowerShown =>
      member.paused ? 'paused' : (keeping[member.userPhoneId] ?? 'applied'),
    /** Pause a follower, or resume a paused one. */
    togglePause: (member: SyncMember) =>
      settle(
        updateSync({
          syncId: session.syncId,
          ...(member.paused ? { resume: [member.userPhoneId] } : { pause: [member.userPhoneId] }),
        }),
      ),
    drop: (member: SyncMember) => settle(updateSync({ syncId: session.syncId, remove: [member.userPhoneId] })),
    end: () => settle(endSync(session.syncId)),
  };
}

/** The words for what a follower shows. */
export const followerStateKey = (shown: FollowerShown) =>
  shown === 'paused' ? ('sync.paused' as const) : (`sync.keeping.${shown}` as const);
