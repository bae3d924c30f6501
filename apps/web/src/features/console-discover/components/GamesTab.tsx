import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Popconfirm, Progress, Table, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminGame } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import { LoadFailed, useLocalized } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatSize } from '../../../lib/format-size';
import { useOperatorMay } from '../../../stores/operator-session';
import { discoverKey } from '../api/discover';
import { uploadGame } from '../api/upload-game';
import { GameKeyMapModal } from './GameKeyMapModal';

/**
 * A client's game channel: a game added from its APK (package, name and icon read from it), with the
 * upload's progress; its default key map set (issue 65); taken out after a confirmation (copies in
 * customers' libraries stay).
 */
export function GamesTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('content.write');
  const mayMapKeys = useOperatorMay('keymaps.write');
  const [progress, setProgress] = useState<number | null>(null);
  const [mapping, setMapping] = useState<AdminGame | null>(null);
  const games = useQuery({
    queryKey: discoverKey('games', clientId),
    queryFn: () => call(discover.games, { query: { clientId } }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: discoverKey('games', clientId) });
  const add = useMutation({
    mutationFn: (file: File) => uploadGame(clientId, file, setProgress),
    onSuccess: async (game) => {
      void message.success(t('discover.gameAdded', { name: localized(game.name) }));
      await refresh();
    },
    onError: (error) => void message.error(error.message || t('common.loadFailed')),
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(discover.removeGame, { body: { clientId, id } }),
    onSuccess: async () => {
      void message.success(t('discover.removed'));
      await refresh();
    },
  });
  if (games.isError) return <LoadFailed onRetry={() => void games.refetch()} />;
  return (
    <>
      {mayWrite && (
        <div style={{ marginBottom: 16, display: 'flex', alignItems: 'center', gap: 16 }}>
          <Upload
            accept=".apk,application/vnd.android.package-archive"
            showUploadList={false}
            beforeUpload={(file) => {
              add.mutate(file);
              return false;
            }}
          >
            <Button type="primary" loading={add.isPending} data-testid="game-upload">
              {t('discover.addGame')}
            </Button>
          </Upload>
          {progress !== null && <Progress percent={progress} style={{ width: 240 }} />}
        </div>
      )}
      <Table<AdminGame>
        rowKey="id"
        loading={games.isLoading}
        dataSource={games.data}
        pagination={false}
        columns={[
          {
            title: t('discover.game'),
            render: (_, game) => (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <Avatar shape="square" src={game.icon || undefined}>
                  {localized(game.name).slice(0, 1)}
                </Avatar>
                {localized(game.name)}
              </span>
            ),
          },
          { title: t('discover.package'), dataIndex: 'packageName' },
          { title: t('discover.version'), dataIndex: 'versionName' },
          { title: t('discover.size'), render: (_, game) => formatSize(game.size) },
          ...(mayMapKeys
            ? [
                {
                  title: t('discover.keyMap'),
                  render: (_: unknown, game: AdminGame) => (
                    <Button type="link" data-testid="game-key-map" onClick={() => setMapping(game)}>
                      {t('discover.keyMapEdit')}
                    </Button>
                  ),
                },
              ]
            : []),
          ...(mayWrite
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, game: AdminGame) => (
                    <Popconfirm
                      title={t('discover.removeGameConfirm', { name: localized(game.name) })}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => remove.mutateAsync(game.id)}
                    >
                      <Button type="link" danger>
                        {t('discover.remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {mapping && <GameKeyMapModal clientId={clientId} game={mapping} onClose={() => setMapping(null)} />}
    </>
  );
}
