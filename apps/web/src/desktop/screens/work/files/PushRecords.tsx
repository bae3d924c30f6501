import { useState } from 'react';
import { Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FINISHED_PUSH_STATES, type PushRecord } from '@cloudphone/contracts/files';
import { usePhoneRecords } from '../../../../features/files/api/files';
import { pushFailed, pushStateText } from '../../../../features/files/lib/push-records';
import { useAllPhones } from '../../../../lib/phone-pages';
import { stateColumn, textColumn, timeColumn } from '../record-columns';
import { RecordTable } from '../RecordTable';

const stateColor = (record: PushRecord) =>
  pushFailed(record) ? 'error' : FINISHED_PUSH_STATES.includes(record.state) ? 'success' : 'processing';

/** The upload and install records of a phone the user picks (spec §2 desktop "… and records"). */
export function PushRecords() {
  const { t } = useTranslation();
  const phones = useAllPhones();
  const [picked, setPicked] = useState<number | null>(null);
  const userPhoneId = picked ?? phones.phones[0]?.userPhoneId ?? null;
  const records = usePhoneRecords(userPhoneId);
  const columns: ColumnsType<PushRecord> = [
    textColumn(t('desktop.work.columns.file'), (r) => r.fileName),
    {
      title: t('desktop.work.columns.kind'),
      dataIndex: 'kind',
      width: 90,
      render: (kind: PushRecord['kind']) => t(`files.kind.${kind}`),
    },
    {
      ...stateColumn(
        t('desktop.work.columns.state'),
        (r) => r.state,
        (r) => <Tag color={stateColor(r)}>{pushStateText(r, t)}</Tag>,
      ),
      width: 240,
    },
    timeColumn(t('desktop.work.columns.time'), (r) => r.updatedAt),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space>
        <Typography.Text>{t('desktop.work.files.recordsOf')}</Typography.Text>
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 260 }}
          loading={phones.isPending}
          value={userPhoneId ?? undefined}
          onChange={setPicked}
          options={phones.phones.map((p) => ({ value: p.userPhoneId, label: p.name }))}
          data-testid="push-records-phone"
        />
      </Space>
      <RecordTable<PushRecord>
        rowKey="pushId"
        columns={columns}
        records={records.data?.list}
        loading={records.isLoading || phones.isPending}
        error={records.error ?? phones.error}
        refetch={() => void (phones.error ? phones.refetch() : records.refetch())}
        emptyText={t('files.noRecords')}
        rowData={(record) => ({ 'data-testid': 'push-record', 'data-state': record.state })}
      />
    </Space>
  );
}
