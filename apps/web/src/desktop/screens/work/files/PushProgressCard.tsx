import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINISHED_PUSH_STATES, type PushRecord } from '@cloudphone/contracts/files';
import { pushFailed, pushStateText, summarise } from '../../../../features/files/lib/push-records';
import { usePushProgress } from '../../../../features/files/hooks/use-push-progress';
import { QueryState } from '../../../components/Screen';
import { PhoneProgress, type PhoneProgressRow } from '../PhoneProgress';

/**
 * A push and install as it goes (spec §4): each (file, phone) pair's progress and state, moved by the
 * live events; then how it ended, with a retry of the phones that failed.
 */
export function PushProgressCard({
  batchId,
  phoneNames,
}: {
  batchId: string;
  phoneNames: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const { records, retryFailed } = usePushProgress(batchId);
  const list = records.data?.list ?? [];
  const summary = summarise(list);
  const row = (record: PushRecord): PhoneProgressRow => ({
    key: record.pushId,
    userPhoneId: record.userPhoneId,
    phoneName: phoneNames.get(record.userPhoneId) ?? `#${record.userPhoneId}`,
    subject: record.fileName,
    percent: FINISHED_PUSH_STATES.includes(record.state) ? 100 : record.progress,
    state: record.state,
    status: pushFailed(record) ? 'exception' : FINISHED_PUSH_STATES.includes(record.state) ? 'success' : 'active',
    text: pushStateText(record, t),
  });
  return (
    <Card
      size="small"
      title={t('files.progressTitle')}
      extra={
        records.data && (
          <Typography.Text role="status" data-testid="push-summary">
            {t('files.summary', summary)}
            {!summary.running && ` · ${t(summary.failed ? 'files.someFailed' : 'files.allDone')}`}
          </Typography.Text>
        )
      }
    >
      <QueryState query={records}>
        <PhoneProgress rows={list.map(row)} rowTestId="push-row" />
        {!summary.running && summary.failed > 0 && (
          <div className="cp-desk-work__actions">
            <Button onClick={() => void retryFailed()}>{t('files.retryFailed')}</Button>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
