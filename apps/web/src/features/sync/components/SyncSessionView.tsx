import { useMemo } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SyncSession } from '@cloudphone/contracts/sync';
import { confirmAction } from '../../../components/confirm-action';
import { Name } from '../../../components/Name';
import { PageError, PageLoading } from '../../../components/PageState';
import { usePhonePreviews } from '../../../lib/player/use-phone-previews';
import { notify } from '../../../stores/notifications';
import { followerStateKey, useSyncSession, type SyncMember } from '../hooks/use-sync-session';
import { MainScreen } from './MainScreen';

/** Pixels across each follower's picture. */
const PREVIEW_WIDTH = 240;

/**
 * A session under way: the main's live screen, large, driven here; the followers as live pictures,
 * each with its state and controls to pause, resume or drop it; and ending the session.
 */
export function SyncSessionView({ session }: { session: SyncSession }) {
  const { t } = useTranslation();
  const { mainKey, followers, shown, togglePause, drop, end } = useSyncSession(session);
  const { canvasRef } = usePhonePreviews(
    useMemo(() => followers.map((m) => m.userPhoneId), [followers]),
    PREVIEW_WIDTH,
  );

  const confirmDrop = async (member: SyncMember) => {
    if (await confirmAction({ content: t('sync.dropConfirm', { name: member.name }), danger: true }))
      await drop(member);
  };
  const confirmEnd = async () => {
    if (!(await confirmAction({ content: t('sync.endConfirm'), danger: true, confirmText: t('sync.end') }))) return;
    if (await end()) notify(t('sync.ended'));
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
            <span className={`cp-sync__state cp-sync__state--${shown(m)}`} data-testid="sync-follower-state">
              {t(followerStateKey(shown(m)))}
            </span>
            <span className="cp-sync__follower-actions">
              <Button size="mini" onClick={() => void togglePause(m)}>
                {t(m.paused ? 'sync.resume' : 'sync.pause')}
              </Button>
              <Button size="mini" fill="none" onClick={() => void confirmDrop(m)}>
                {t('sync.drop')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="cp-sync__actions">
        <Button block color="danger" fill="outline" onClick={() => void confirmEnd()}>
          {t('sync.end')}
        </Button>
      </div>
    </div>
  );
}
