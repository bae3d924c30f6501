import { useState } from 'react';
import { Badge, Button, Tabs, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MoreOnScroll } from '../../../components/MoreOnScroll';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { pathFor } from '../../../lib/routing/route-table';
import { useClientNo } from '../../../lib/routing/route-context';
import { useMessages, type MessageTab } from '../api/messages';
import { AssistantChat } from '../components/AssistantChat';
import { useMessageTabs } from '../hooks/use-message-tabs';
import '../messages.css';

/**
 * The message centre (spec §2): all, the AI assistant's (where the client's AI mode offers it) and
 * the system's messages, newest first, unread ones marked; read all at once.
 */
export default function MessageCenterPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MessageTab>('all');
  const { tabs, unread, canReadAll, readAll } = useMessageTabs();

  return (
    <div className="cp-messages">
      <div className="cp-messages__bar">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as MessageTab)} className="cp-messages__tabs">
          {tabs.map((key) => (
            <Tabs.Tab
              key={key}
              title={
                <Badge content={unread && unread[key] > 0 ? unread[key] : null} style={{ '--right': '-10px' }}>
                  {t(`messages.tabs.${key}`)}
                </Badge>
              }
            />
          ))}
        </Tabs>
        <Button
          size="mini"
          fill="none"
          color="primary"
          disabled={!canReadAll}
          onClick={() => readAll(tab, () => void Toast.show({ content: t('messages.readAllDone') }))}
        >
          {t('messages.readAll')}
        </Button>
      </div>
      {tab === 'assistant' ? <AssistantChat /> : <MessageList type={tab} />}
    </div>
  );
}

function MessageList({ type }: { type: MessageTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const pages = useMessages(type);
  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const messages = pages.data.pages.flatMap((p) => p.list);
  if (messages.length === 0) return <PageEmpty description={t('messages.empty')} />;
  return (
    <ul className="cp-messages__list">
      {messages.map((message) => (
        <li key={message.messageId}>
          <button
            type="button"
            className={`cp-message${message.read ? '' : ' cp-message--unread'}`}
            data-testid="message"
            data-read={message.read}
            onClick={() => void navigate(pathFor('messageDetaile', clientNo, `?messageId=${message.messageId}`))}
          >
            <span className="cp-message__head">
              {!message.read && <span className="cp-message__dot" aria-label={t('messages.unread')} />}
              <span className="cp-message__title">{message.title}</span>
              <time className="cp-message__time">{formatDateTime(message.createdAt)}</time>
            </span>
            <span className="cp-message__preview">{message.content}</span>
          </button>
        </li>
      ))}
      <MoreOnScroll
        hasMore={pages.hasNextPage}
        loadMore={() => pages.fetchNextPage({ throwOnError: true })}
        end={t('messages.end')}
      />
    </ul>
  );
}
