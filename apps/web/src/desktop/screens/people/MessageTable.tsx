import { useState } from 'react';
import { Badge, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { MESSAGE_TYPES } from '@cloudphone/contracts/messages';
import { type Message } from '@cloudphone/contracts/messages';
import { useMarkRead, useMessagePage, type MessageTab } from '../../../features/messages/api/messages';
import { formatDateTime } from '../../../lib/format-time';
import { notify } from '../../../stores/notifications';
import { QueryState } from '../../components/Screen';
import { BatchBar } from './BatchBar';
import { tablePaging } from './table-paging';

/** Page sizes offered; the server gives 50 messages a page at most (contracts' `messagePageQuery`). */
const PAGE_SIZES = [10, 20, 50];

/**
 * One tab's messages, newest first, a page from the server at a time: unread ones marked and bold;
 * a row opens its message; several ticked are marked read at once.
 */
export function MessageTable({ type, onOpen }: { type: MessageTab; onOpen: (messageId: number) => void }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 20 });
  const page = useMessagePage(type, paging.pageNo, paging.pageSize);
  const markRead = useMarkRead();
  const [selected, setSelected] = useState<number[]>([]);
  const unreadChosen = (page.data?.list ?? []).filter((m) => !m.read && selected.includes(m.messageId));

  const markChosenRead = () =>
    markRead.mutate(
      unreadChosen.map((m) => m.messageId),
      {
        onSuccess: () => {
          notify(t('desktop.people.messages.markedRead'), 'success');
          setSelected([]);
        },
        // Marking read is a quiet call (opening a message makes it); asked for here, its failure is said.
        onError: (error) => notify(error.message),
      },
    );

  const columns: ColumnsType<Message> = [
    {
      title: t('desktop.people.messages.status'),
      dataIndex: 'read',
      width: 90,
      render: (read: boolean) =>
        read ? (
          <Badge status="default" text={t('desktop.people.messages.read')} />
        ) : (
          <Badge status="processing" text={t('messages.unread')} />
        ),
    },
    ...(type === 'all'
      ? [
          {
            title: t('desktop.people.messages.type'),
            dataIndex: 'type',
            width: 100,
            render: (kind: (typeof MESSAGE_TYPES)[number]) => (
              <Tag color={kind === 'assistant' ? 'purple' : 'blue'}>{t(`messages.tabs.${kind}`)}</Tag>
            ),
          },
        ]
      : []),
    {
      title: t('desktop.people.messages.title'),
      dataIndex: 'title',
      width: 220,
      render: (title: string, message: Message) => <Typography.Text strong={!message.read}>{title}</Typography.Text>,
    },
    {
      title: t('desktop.people.messages.content'),
      dataIndex: 'content',
      ellipsis: true,
    },
    {
      title: t('desktop.people.messages.time'),
      dataIndex: 'createdAt',
      width: 180,
      render: (time: number) => formatDateTime(time),
    },
  ];

  return (
    <QueryState query={{ ...page, error: page.data ? null : page.error }}>
      <BatchBar
        label={t('desktop.people.messages.markRead', { count: unreadChosen.length })}
        count={unreadChosen.length}
        busy={markRead.isPending}
        testId="desk-messages-mark-read"
        onRun={markChosenRead}
      />
      <Table<Message>
        size="small"
        rowKey="messageId"
        loading={page.isPlaceholderData}
        columns={columns}
        dataSource={page.data?.list ?? []}
        locale={{ emptyText: t('messages.empty') }}
        pagination={tablePaging(t, {
          current: paging.pageNo,
          pageSize: paging.pageSize,
          pageSizeOptions: PAGE_SIZES,
          total: page.data?.total ?? 0,
          onChange: (pageNo, pageSize) => {
            setPaging({ pageNo: pageSize === paging.pageSize ? pageNo : 1, pageSize });
            setSelected([]);
          },
        })}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        rowClassName={(message) => (message.read ? 'cp-desk-message' : 'cp-desk-message cp-desk-message--unread')}
        onRow={(message) => ({
          'data-testid': 'desk-message-row',
          'data-read': message.read,
          onClick: () => onOpen(message.messageId),
        })}
      />
    </QueryState>
  );
}
