import { Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PushRecord } from '@cloudphone/contracts/files';
import { PageError, PageLoading } from '../../../components/PageState';
import { usePushProgress } from '../hooks/use-push-progress';
import { pushFailed, pushStateText, summarise } from '../lib/push-records';
import { Name } from '../../../components/Name';
import type { PushProgressProps } from '../../../lib/joined-views';

/**
 * A push as it goes (spec §4): a progress bar and state per (file, phone) pair, moved by the live
 * events; then a summary — "some devices failed", with a retry of those — when it is over.
 */
export function PushProgress({ batchId, phoneNames }: PushProgressProps) {
  const { t } = useTranslation();
  const { records, retryFailed } = usePushProgress(batchId);
  if (records.isPending) return <PageLoading />;
  if (records.isError) return <PageError message={records.error.message} onRetry={() => void records.refetch()} />;
  const list = records.data.list;
  const summary = summarise(list);

  return (
    <section className="cp-push" aria-label={t('files.progressTitle')}>
      <div className="cp-push__summary" role="status" data-testid="push-summary">
        {t('files.summary', summary)}
        {!summary.running && (
          <strong className={summary.failed ? 'cp-push__failed' : 'cp-push__ok'}>
            {' · '}
            {t(summary.failed ? 'files.someFailed' : 'files.allDone')}
          </strong>
        )}
      </div>
      {list.map((record) => (
        <PushRow key={record.pushId} record={record} phoneName={phoneNames.get(record.userPhoneId)} />
      ))}
      {!summary.running && summary.failed > 0 && (
        <Button block color="primary" fill="outline" onClick={() => void retryFailed()}>
          {t('files.retryFailed')}
        </Button>
      )}
    </section>
  );
}

function PushRow({ record, phoneName }: { record: PushRecord; phoneName?: string }) {
  const { t } = useTranslation();
  const bad = pushFailed(record);
  return (
    <div className="cp-upload__row" data-testid="push-row" data-state={record.state}>
      <div className="cp-upload__name">
        <Name className="cp-push__phone" value={phoneName ?? `#${record.userPhoneId}`} />
        <Name className="cp-push__file" value={record.fileName} />
      </div>
      <ProgressBar
        percent={record.progress}
        style={{ '--fill-color': bad ? 'var(--adm-color-danger)' : 'var(--adm-color-primary)' }}
      />
      <div className={`cp-upload__state${bad ? ' cp-upload__state--failed' : ''}`}>{pushStateText(record, t)}</div>
    </div>
  );
}
