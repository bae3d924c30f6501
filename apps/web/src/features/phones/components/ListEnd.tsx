import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** What shows under a list that loads as it scrolls: loading, a retry after a failure, or the end. */
export function ListEnd({ hasMore, failed, onRetry }: { hasMore: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Button size="mini" fill="none" onClick={onRetry}>
        {t('phones.list.retry')}
      </Button>
    );
  }
  if (hasMore) {
    return (
      <span className="cp-list-end">
        <DotLoading /> {t('common.loading')}
      </span>
    );
  }
  return <span className="cp-list-end">{t('phones.list.end')}</span>;
}
