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
