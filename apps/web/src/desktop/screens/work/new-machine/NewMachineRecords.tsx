import { Descriptions, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { NewMachineRecord } from '@cloudphone/contracts/new-machine';
import { useNewMachinePages } from '../../../../features/phones/api/new-machine';
import { NewIdentity, PhoneIdentity } from '../../../../features/phones/components/PhoneIdentity';
import { NEW_MACHINE_STATUS_COLOR } from '../../../../features/phones/lib/record-colors';
import { formatDateTime } from '../../../../lib/format-time';
import { TAG_COLORS } from '../../../components/tag-colors';
import { stateColumn, textColumn, timeColumn } from '../record-columns';
import { RecordTable, useInfiniteRecords } from '../RecordTable';

/** New-machine records (spec §3 new-machine parameters): each phone, who it was and who it is now. */
export function NewMachineRecords() {
  const { t } = useTranslation();
  const source = useInfiniteRecords(useNewMachinePages());
  const statusTag = (record: NewMachineRecord) => (
    <Tag color={TAG_COLORS[NEW_MACHINE_STATUS_COLOR[record.status]]}>{t(`newMachine.status.${record.status}`)}</Tag>
  );
  const brand = (record: NewMachineRecord) => record.brand ?? t('newMachine.anyBrandRecord');
  const columns: ColumnsType<NewMachineRecord> = [
    textColumn(t('desktop.work.columns.phone'), (r) => r.phoneName, 180),
    stateColumn(t('desktop.work.columns.state'), (r) => r.status, statusTag),
    { title: t('newMachine.before'), key: 'before', render: (_, record) => <PhoneIdentity identity={record.before} /> },
    { title: t('newMachine.after'), key: 'after', render: (_, record) => <NewIdentity record={record} /> },
    { title: t('newMachine.brand'), key: 'brand', width: 110, render: (_, record) => brand(record) },
    timeColumn(t('desktop.work.columns.time'), (r) => r.createdAt),
  ];
  return (
    <RecordTable<NewMachineRecord>
      {...source}
      rowKey="id"
      columns={columns}
      emptyText={t('newMachine.empty')}
      rowData={(record) => ({ 'data-testid': 'new-machine-record', 'data-status': record.status })}
      details={{
        title: (record) => record.phoneName,
        body: (record) => (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('desktop.work.columns.state')}>{statusTag(record)}</Descriptions.Item>
            <Descriptions.Item label={t('newMachine.before')}>
              <PhoneIdentity identity={record.before} />
            </Descriptions.Item>
            <Descriptions.Item label={t('newMachine.after')}>
              <NewIdentity record={record} />
            </Descriptions.Item>
            <Descriptions.Item label={t('newMachine.brand')}>{brand(record)}</Descriptions.Item>
            <Descriptions.Item label={t('desktop.work.columns.time')}>
              {formatDateTime(record.createdAt)}
            </Descriptions.Item>
            {record.finishedAt !== null && (
              <Descriptions.Item label={t('desktop.work.finishedAt')}>
                {formatDateTime(record.finishedAt)}
              </Descriptions.Item>
            )}
          </Descriptions>
        ),
      }}
    />
  );
}
