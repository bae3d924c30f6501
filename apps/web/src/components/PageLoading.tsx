import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * The loading state of a page or list. Its own module because the app shell shows it before any
 * page loads: importing it must not pull the error and empty states' illustrations into the entry.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="cp-state" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
