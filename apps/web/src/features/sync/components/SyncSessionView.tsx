import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SyncSession, SyncUpdate } from '@cloudphone/contracts/sync';
import { confirmAction } from '../../../components/confirm-action';
import { Name } from '../../../components/Name';
import { PageError, PageLoading } from '../../../components/PageState';
import { controlKeyQueryOptions, phoneKeys } from '../../../lib/phone-keys';
import { usePhonePreviews } from '../../../lib/player/use-phone-previews';
import { useLiveEvents } from '../../../lib/live-events';
import type { SyncFollowerState } from '@cloudphone/contracts/sync';
import { notify } from '../../../stores/notifications';
import { endSync, refreshSync, updateSync } from '../api/sync';
import { MainScreen } from './MainScreen';

/** Pixels across each follower's picture. */
const PREVIEW_WIDTH = 240;

/**
 * A session under way: the main's live screen, large, driven here; the followers as live pictures,
 * each with its state and controls to pause, resume or drop it; and ending the session.
 */
export function SyncSessionView({ session }: { session: SyncSession }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A key asked for in the session carries its id: only such input drives the phones in sync.
  const mainKey = useQuery({
    ...controlKeyQueryOptions(session.mainUserPhoneId),
    queryKey: [...phoneKeys.control(session.mainUserPhoneId), session.syncId],
  });
  const followers = session.members.filter((m) => m.role === 'follower');
  const followerIds = useMemo(() => followers.map((m) => m.userPhoneId), [followers]);
  const { canvasRef } = usePhonePreviews(followerIds, PREVIEW_WIDTH);
  // How each follower keeps up with the main, as its host tells it on the live channel.
  const [keeping, setKeeping] = useState<Record<number, SyncFollowerState>>({});
  useLiveEvents((event) => {
    if (event.type === 'sync.follower' && event.syncId === session.syncId)
      setKeeping((states) => ({ ...states, [event.userPhoneId]: event.state }));
  });

  const change = async (update: Omit<SyncUpdate, 'syncId'>) => {
    try {
      await updateSync({ syncId: session.syncId, ...update });
      await refreshSync(queryClient);
    } catch {
      // The request layer has shown why.
    }
  };
  const drop = async (userPhoneId: number, name: string) => {
    if (await confirmAction({ content: t('sync.dropConfirm', { name }), danger: true }))
      await change({ remove: [userPhoneId] });
  };
  const end = async () => {
    if (!(await confirmAction({ content: t('sync.endConfirm'), danger: true, confirmText: t('sync.end') }))) return;
    try {
      await endSync(session.syncId);
      notify(t('sync.ended'));
      await refreshSync(queryClient);
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <div className="cp-sync">
      <div className="cp-sync__main" data-testid="sync-main">
        {mainKey.isPending ? (
          <PageLoading />
        ) : mainKey.error ? (
          <PageError message={mainKey.error.message} onRetry={() => void mainKey.refetch()} />
        ) : (
          <MainScreen streamUrl={mainKey.data.streamUrl} />
        )}
      </div>
      <ul className="cp-sync__followers">
        {followers.map((m) => (
          <li key={m.userPhoneId} className="cp-sync__follower" data-testid="sync-follower" data-paused={m.paused}>
            <canvas ref={canvasRef(m.userPhoneId)} className="cp-sync__preview" />
            <Name className="cp-sync__name" value={m.name} />
            <span
              className={`cp-sync__state cp-sync__state--${m.paused ? 'paused' : (keeping[m.userPhoneId] ?? 'applied')}`}
              data-testid="sync-follower-state"
            >
              {t(m.paused ? 'sync.paused' : `sync.keeping.${keeping[m.userPhoneId] ?? 'applied'}`)}
            </span>
            <span className="cp-sync__follower-actions">
              <Button
                size="mini"
                onClick={() => void change(m.paused ? { resume: [m.userPhoneId] } : { pause: [m.userPhoneId] })}
              >
                {t(m.paused ? 'sync.resume' : 'sync.pause')}
              </Button>
              <Button size="mini" fill="none" onClick={() => void drop(m.userPhoneId, m.name)}>
                {t('sync.drop')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="cp-sync__actions">
        <Button block color="danger" fill="outline" onClick={() => void end()}>
          {t('sync.end')}
        </Button>
      </div>
    </div>
  );
}
