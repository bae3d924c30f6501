import { useMemo } from 'react';
import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncSession } from '@cloudphone/contracts/sync';
import { MainScreen } from '../../../features/sync/components/MainScreen';
import {
  followerStateKey,
  useSyncSession,
  type FollowerShown,
  type SyncMember,
} from '../../../features/sync/hooks/use-sync-session';
import { usePhonePreviews } from '../../../lib/player/use-phone-previews';
import { notify } from '../../../stores/notifications';
import { QueryState } from '../../components/Screen';
import { askShell, insideShell } from '../../shell-bridge';

const STATE_COLORS: Record<FollowerShown, string> = {
  applied: 'green',
  lagging: 'orange',
  offline: 'red',
  paused: 'default',
};
/** Pixels across a follower's picture in the table. */
const PREVIEW_WIDTH = 180;

/** The phones of a session as windows, main first, arranged by the shell. */
export const openSessionWindows = (session: SyncSession) =>
  askShell({
    type: 'openTogether',
    userPhoneIds: [
      session.mainUserPhoneId,
      ...session.members.filter((m) => m.role === 'follower').map((m) => m.userPhoneId),
    ],
  });

/**
 * A session under way on the desktop: the main — in its own window inside the shell, on this screen in
 * a browser — and the followers in a table with their live pictures and how each keeps up, to pause,
 * resume or drop; and ending the session.
 */
export function SyncSessionPanel({ session }: { session: SyncSession }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { mainKey, followers, shown, togglePause, drop, end } = useSyncSession(session);
  const shell = insideShell();
  const { canvasRef } = usePhonePreviews(
    useMemo(() => followers.map((m) => m.userPhoneId), [followers]),
    PREVIEW_WIDTH,
  );
  const main = session.members.find((m) => m.role === 'main');

  const confirmDrop = (member: SyncMember) =>
    modal.confirm({
      title: t('sync.dropConfirm', { name: member.name }),
      okButtonProps: { danger: true },
      onOk: () => drop(member),
    });
  const confirmEnd = () =>
    modal.confirm({
      title: t('sync.endConfirm'),
      okText: t('sync.end'),
      okButtonProps: { danger: true },
      onOk: async () => {
        if (await end()) notify(t('sync.ended'), 'success');
      },
    });

  return (
    <div className="cp-desk-sync">
      <Card
        className="cp-desk-sync__main"
        title={`${t('sync.main')} · ${main?.name ?? ''}`}
        data-testid="sync-main"
        extra={
          shell && (
            <Button onClick={() => openSessionWindows(session)} data-testid="sync-open-windows">
              {t('desktop.sync.openWindows')}
            </Button>
          )
        }
      >
        {shell ? (
          t('desktop.sync.mainInWindow')
        ) : (
          <QueryState query={mainKey}>
            {mainKey.data && (
              <div className="cp-desk-sync__screen">
                <MainScreen streamUrl={mainKey.data.streamUrl} />
              </div>
            )}
          </QueryState>
        )}
      </Card>
      <Card
        className="cp-desk-sync__followers"
        title={t('desktop.sync.followers', { count: followers.length })}
        extra={
          <Button danger onClick={confirmEnd} data-testid="sync-end">
            {t('sync.end')}
          </Button>
        }
      >
        <Table<SyncMember>
          size="small"
          rowKey="userPhoneId"
          pagination={false}
          dataSource={followers}
          onRow={(m) => ({ 'data-testid': 'sync-follower', 'data-paused': m.paused }) as object}
          columns={[
            {
              key: 'picture',
              width: PREVIEW_WIDTH + 16,
              render: (_: unknown, m) => <canvas ref={canvasRef(m.userPhoneId)} className="cp-desk-sync__preview" />,
            },
            { title: t('desktop.phoneTable.name'), dataIndex: 'name' },
            {
              title: t('desktop.phoneTable.status'),
              key: 'state',
              render: (_: unknown, m) => (
                <Tag color={STATE_COLORS[shown(m)]} data-testid="sync-follower-state">
                  {t(followerStateKey(shown(m)))}
                </Tag>
              ),
            },
            {
              key: 'actions',
              render: (_: unknown, m) => (
                <Space>
                  <Button size="small" onClick={() => void togglePause(m)}>
                    {t(m.paused ? 'sync.resume' : 'sync.pause')}
                  </Button>
                  <Button size="small" type="link" danger onClick={() => confirmDrop(m)}>
                    {t('sync.drop')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
