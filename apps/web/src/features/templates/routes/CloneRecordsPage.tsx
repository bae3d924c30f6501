import { DotLoading, InfiniteScroll, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { formatDateTime } from '../../../lib/format-time';
import { useCloneRecords, useTemplateLiveUpdates } from '../api/templates';
import { CloneTargets } from '../components/CloneTargets';
import '../templates.css';
import { Name } from '../../../components/Name';
import { CLONE_STATE_COLOR } from '../lib/state-colors';

/** Clone records (spec §2 desktop "clone device with templates and records"): template, phones, time, result. */
export default function CloneRecordsPage() {
  const { t } = useTranslation();
  const pages = useCloneRecords();
  useTemplateLiveUpdates();

  if (pages.isPending) return <PageLoading />;
  if (pages.error && !pages.data)
    return <PageError message={pages.error.message} onRetry={() => void pages.refetch()} />;
  const records = pages.data.pages.flatMap((p) => p.list);
  if (records.length === 0) return <PageEmpty description={t('templates.records.empty')} />;

  return (
    <div className="cp-templates cp-templates--records">
      {records.map((record) => (
        <article
          key={record.cloneId}
          className="cp-template"
          data-testid="clone-record"
          aria-label={record.templateName}
        >
          <header className="cp-template__head">
            <Name className="cp-template__name" value={record.templateName} />
            <Tag color={CLONE_STATE_COLOR[record.state]} fill="outline">
              {t(`templates.cloneState.${record.state}`)}
            </Tag>
          </header>
          <p className="cp-template__meta">
            {formatDateTime(record.createTime)}
            {record.newMachine && ` · ${t('templates.clonePage.newMachine')}`}
          </p>
          <CloneTargets targets={record.targets} />
        </article>
      ))}
      <InfiniteScroll
        hasMore={pages.hasNextPage}
        loadMore={async () => {
          await pages.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore) => (hasMore ? <DotLoading color="primary" /> : t('templates.records.end'))}
      </InfiniteScroll>
    </div>
  );
}
