import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export { PageLoading } from './PageLoading';

/** The error and empty states every list and page shows (loading: ./PageLoading). */
export function PageError({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cp-state" role="alert">
      <ErrorBlock status="default" title={t('common.loadFailed')} description={message ?? ''} />
      {onRetry && (
        <Button color="primary" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

export function PageEmpty({ description }: { description?: string }) {
  const { t } = useTranslation();
  return (
    <div className="cp-state">
      <ErrorBlock status="empty" title={description ?? t('common.empty')} description="" />
    </div>
  );
}

/**
 * A page that cannot show what it is for (opened without the order or phone it needs): says so, and
 * offers the way on.
 */
export function PageNotice({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: { label: string; onClick: () => void };
}) {
  return (
    <div className="cp-state" role="status">
      <ErrorBlock status="empty" title={title} description={description} />
      <Button color="primary" onClick={action.onClick}>
        {action.label}
      </Button>
    </div>
  );
}
