import type { ReactNode } from 'react';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A desktop screen: its title, the actions on its right, then its body. */
export function Screen({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="cp-desk-screen">
      <header className="cp-desk-screen__head">
        <Typography.Title level={4}>{title}</Typography.Title>
        {extra}
      </header>
      {children}
    </section>
  );
}

interface Loadable {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A query's loading, error and empty states at desktop density; its children once there is
 * something to show.
 */
export function QueryState({
  query,
  empty,
  emptyText,
  children,
}: {
  query: Loadable;
  /** Whether the answer has nothing to show. */
  empty?: boolean;
  emptyText?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Spin className="cp-desk-state" />;
  if (query.error)
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (empty) return <Empty description={emptyText} />;
  return children;
}
