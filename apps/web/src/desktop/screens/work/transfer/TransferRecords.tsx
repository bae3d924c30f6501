import { Descriptions, Steps, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TransferRecord, TransferSide } from '@cloudphone/contracts/transfers';
import { useTransferPages } from '../../../../features/phones/api/transfers';
import { TRANSFER_STATUS_COLOR } from '../../../../features/phones/lib/record-colors';
import { formatDateTime } from '../../../../lib/format-time';
import { TAG_COLORS } from '../../../components/tag-colors';
import { stateColumn, textColumn, timeColumn } from '../record-columns';
import { RecordTable, useInfiniteRecords } from '../RecordTable';

const phoneNames = (record: TransferRecord) => record.phones.map((p) => p.name).join(', ');

/**
 * Transfer records (spec §3 transfer order): those the user launched (`out`) or received (`in`) —
 * number, phones, accounts, status and time; a row opens every state it passed.
 */
export function TransferRecords({ side }: { side: TransferSide }) {
  const { t } = useTranslation();
  const source = useInfiniteRecords(useTransferPages(side));
  const statusTag = (record: TransferRecord) => (
    <Tag color={TAG_COLORS[TRANSFER_STATUS_COLOR[record.status]]}>{t(`transfer.status.${record.status}`)}</Tag>
  );
  const columns: ColumnsType<TransferRecord> = [
    { title: t('transfer.transferNo'), dataIndex: 'transferNo', width: 200, ellipsis: true },
    textColumn(t('transfer.phones'), phoneNames),
    { title: t('transfer.from'), dataIndex: 'fromAccount', width: 140 },
    { title: t('transfer.to'), dataIndex: 'toAccount', width: 140 },
    stateColumn(t('desktop.work.columns.state'), (r) => r.status, statusTag),
    timeColumn(t('desktop.work.columns.time'), (r) => r.createdAt),
  ];
  return (
    <RecordTable<TransferRecord>
      {...source}
      rowKey="transferNo"
      columns={columns}
      emptyText={t(side === 'out' ? 'transfer.emptyOut' : 'transfer.emptyIn')}
      rowData={(record) => ({
        'data-testid': 'transfer-record',
        'data-status': record.status,
        'data-transfer-no': record.transferNo,
      })}
      details={{
        title: (record) => record.transferNo,
        body: (record) => (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('desktop.work.columns.state')}>{statusTag(record)}</Descriptions.Item>
              <Descriptions.Item label={t('transfer.phones')}>{phoneNames(record)}</Descriptions.Item>
              <Descriptions.Item label={t('transfer.from')}>{record.fromAccount}</Descriptions.Item>
              <Descriptions.Item label={t('transfer.to')}>{record.toAccount}</Descriptions.Item>
            </Descriptions>
            {record.reason && (
              <Typography.Paragraph type="danger" style={{ marginTop: 12 }}>
                {record.reason}
              </Typography.Paragraph>
            )}
            <Steps
              orientation="vertical"
              size="small"
              style={{ marginTop: 16 }}
              current={record.history.length - 1}
              items={record.history.map((h) => ({
                title: t(`transfer.status.${h.status}`),
                content: formatDateTime(h.time),
              }))}
            />
          </>
        ),
      }}
    />
  );
}
