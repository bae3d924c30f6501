import { Drawer, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMessageGone, useOpenedMessage } from '../../../features/messages/hooks/use-opened-message';
import { formatDateTime } from '../../../lib/format-time';
import { QueryState } from '../../components/Screen';

/** One message in a side panel (spec §2 messageDetaile): opening it marks it read. */
export function MessageDrawer({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useOpenedMessage(messageId);
  return (
    <Drawer open size={520} title={t('routes.messageDetaile')} onClose={onClose}>
      {isMessageGone(message.error) ? (
        <Result status="warning" title={t('messages.gone')} />
      ) : (
        <QueryState query={message}>
          {message.data && (
            <article data-testid="desk-message-detail">
              <Typography.Title level={4}>{message.data.title}</Typography.Title>
              <Typography.Text type="secondary">{formatDateTime(message.data.createdAt)}</Typography.Text>
              <Typography.Paragraph className="cp-desk-message-detail__content">
                {message.data.content}
              </Typography.Paragraph>
            </article>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
