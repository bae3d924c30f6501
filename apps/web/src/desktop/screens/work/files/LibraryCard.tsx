import { Button, Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { UserFile } from '@cloudphone/contracts/files';
import { useLibrary } from '../../../../features/files/api/files';
import { formatSize } from '../../../../lib/format-size';
import { formatDateTime } from '../../../../lib/format-time';
import { QueryState } from '../../../components/Screen';

interface LibraryCardProps {
  selected: readonly number[];
  onSelect: (fileIds: number[]) => void;
  onDelete: (file: UserFile) => void;
  /** Opens the push of the chosen files. */
  onPush: () => void;
}

/**
 * The user's files and apps (spec §3 "app file": name, size, time), with the room they take: tick
 * some to push them to phones, or delete one not being pushed.
 */
export function LibraryCard({ selected, onSelect, onDelete, onPush }: LibraryCardProps) {
  const { t } = useTranslation();
  const library = useLibrary();
  const columns: ColumnsType<UserFile> = [
    {
      title: t('desktop.work.columns.file'),
      key: 'name',
      sorter: (a, b) => (a.label ?? a.name).localeCompare(b.label ?? b.name),
      render: (_, file) => (
        <span className="cp-desk-file">
          {file.icon ? (
            <img className="cp-desk-file__icon" src={file.icon} alt="" />
          ) : (
            <span className="cp-desk-file__letter" aria-hidden>
              {(file.label ?? file.name).slice(0, 1).toUpperCase()}
            </span>
          )}
          <Typography.Text ellipsis={{ tooltip: file.name }}>{file.label ?? file.name}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('desktop.work.columns.kind'),
      dataIndex: 'kind',
      width: 90,
      filters: (['app', 'file'] as const).map((kind) => ({ text: t(`files.kind.${kind}`), value: kind })),
      onFilter: (kind, file) => file.kind === kind,
      render: (kind: UserFile['kind']) => <Tag>{t(`files.kind.${kind}`)}</Tag>,
    },
    {
      title: t('desktop.work.columns.version'),
      dataIndex: 'versionName',
      width: 120,
      render: (version: string | null) => version ?? '—',
    },
    {
      title: t('desktop.work.columns.size'),
      dataIndex: 'size',
      width: 100,
      sorter: (a, b) => a.size - b.size,
      render: formatSize,
    },
    {
      title: t('desktop.work.columns.time'),
      dataIndex: 'createdAt',
      width: 180,
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.createdAt - b.createdAt,
      render: formatDateTime,
    },
    {
      title: t('desktop.work.columns.actions'),
      key: 'actions',
      width: 90,
      render: (_, file) => (
        <Button
          size="small"
          type="link"
          danger
          disabled={file.busy}
          onClick={(event) => {
            event.stopPropagation();
            onDelete(file);
          }}
        >
          {t('files.delete')}
        </Button>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('files.library')}
      extra={
        library.data && (
          <Typography.Text type="secondary">
            {t('files.storage', {
              used: formatSize(library.data.usedBytes),
              quota: formatSize(library.data.quotaBytes),
            })}
          </Typography.Text>
        )
      }
    >
      <QueryState query={{ ...library, isPending: false, error: library.data ? null : library.error }}>
        <Table<UserFile>
          size="small"
          rowKey="fileId"
          loading={library.isPending}
          columns={columns}
          dataSource={library.data?.list}
          locale={{ emptyText: t('files.empty') }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          rowSelection={{
            selectedRowKeys: [...selected],
            onChange: (keys) => onSelect(keys.map(Number)),
            getCheckboxProps: (file) => ({ 'aria-label': file.label ?? file.name }),
          }}
          onRow={(file) => ({
            'data-testid': 'library-file',
            'data-file-id': file.fileId,
            onClick: () =>
              onSelect(
                selected.includes(file.fileId)
                  ? selected.filter((id) => id !== file.fileId)
                  : [...selected, file.fileId],
              ),
          })}
        />
      </QueryState>
      <div className="cp-desk-work__actions">
        <Button type="primary" disabled={selected.length === 0} data-testid="push-open" onClick={onPush}>
          {t('files.choosePhones', { count: selected.length })}
        </Button>
      </div>
    </Card>
  );
}
