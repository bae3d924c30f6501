import { DotLoading, InfiniteScroll, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { useCodeRecordPages } from '../api/activation-codes';
import '../commerce.css';

/** The activation codes this user used (spec §3 "use record"): what each bought or renewed, and when. */
export default function CodeRecordPage() {
  const { t } = useTranslation();
  const pages = useCodeRecordPages();

  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const records = pages.data.pages.flatMap((p) => p.list);
  if (records.length === 0) return <PageEmpty description={t('commerce.codes.noRecords')} />;

  return (
    <div className="cp-commerce">
      <List className="cp-commerce-list">
        {records.map((r) => (
          <List.Item
            key={r.code}
            data-testid="code-record"
            description={`${r.packageName} · ${t('commerce.days', { count: r.durationDays })}${
              r.userPhoneIds.length > 0 ? ` · ${t('commerce.codes.phones', { ids: r.userPhoneIds.join(', ') })}` : ''
            }`}
            extra={formatDateTime(r.usedTime)}
          >
            <span className="cp-code-list__code">{r.code}</span> · {t(`commerce.codes.usage.${r.usage}`)}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll
        hasMore={pages.hasNextPage}
        loadMore={async () => {
          await pages.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore) => (hasMore ? <DotLoading color="primary" /> : t('commerce.listEnd'))}
      </InfiniteScroll>
    </div>
  );
}
