import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { pathFor } from '../../../lib/routing/route-table';
import { useClientNo } from '../../../lib/routing/route-context';
import { isMessageGone, useOpenedMessage } from '../hooks/use-opened-message';
import '../messages.css';

/** One message (spec §2 messageDetaile, `?messageId=`): opening it marks it read. */
export default function MessageDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const messageId = Number(params.get('messageId'));
  const message = useOpenedMessage(messageId);

  if (!Number.isInteger(messageId) || messageId <= 0 || isMessageGone(message.error))
    return (
      <PageNotice
        title={t('routes.messageDetaile')}
        description={t('messages.gone')}
        action={{ label: t('messages.toList'), onClick: () => void navigate(pathFor('messageCenter', clientNo)) }}
      />
    );
  if (message.isPending) return <PageLoading />;
  if (message.error) return <PageError message={message.error.message} onRetry={() => void message.refetch()} />;
  return (
    <article className="cp-message-detail" data-testid="message-detail">
      <h2 className="cp-message-detail__title">{message.data.title}</h2>
      <time className="cp-message-detail__time">{formatDateTime(message.data.createdAt)}</time>
      <p className="cp-message-detail__content">{message.data.content}</p>
    </article>
  );
}
