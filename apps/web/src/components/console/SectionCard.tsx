import type { ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@cloudphone/contracts/locale';

/**
 * A console section's frame (issue 62): its title, its actions, and its content — or, when its list
 * could not be loaded, the failure with a way to try again (the table itself shows loading and empty).
 */
export function SectionCard({
  title,
  extra,
  failed,
  onRetry,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  failed?: boolean;
  onRetry?: () => void;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={extra}>
      {failed ? <LoadFailed onRetry={onRetry} /> : children}
    </Card>
  );
}

/** What the console shows where something could not be loaded: the failure, and a way to try again. */
export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('console');
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}

/** A text the merchant wrote in both languages, in the console's. */
export function useLocalized(): (text: Record<Language, string>) => string {
  const { i18n } = useTranslation('console');
  return (text) => text[i18n.language as Language] ?? text['en-US'];
}
