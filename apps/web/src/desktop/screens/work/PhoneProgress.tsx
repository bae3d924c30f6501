import type { ReactNode } from 'react';
import { Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowAttributes } from './row-attributes';

/** One phone's part of a batch (a push and install, a clone): how far it has come and where it is. */
export interface PhoneProgressRow {
  key: string | number;
  userPhoneId: number;
  phoneName: string;
  /** What goes to the phone (a file), when a batch sends several. */
  subject?: ReactNode;
  percent: number;
  /** The state's code, for tests and styling. */
  state: string;
  status: 'active' | 'success' | 'exception' | 'normal';
  /** The state in words. */
  text: string;
}

/** Progress per phone (antd Progress), a row each; rows carry `data-phone-id` and `data-state`. */
export function PhoneProgress({ rows, rowTestId }: { rows: readonly PhoneProgressRow[]; rowTestId: string }) {
  const { t } = useTranslation();
  const withSubject = rows.some((r) => r.subject !== undefined);
  return (
    <Table<PhoneProgressRow>
      size="small"
      rowKey="key"
      dataSource={rows as PhoneProgressRow[]}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      onRow={(row) =>
        rowAttributes({ 'data-testid': rowTestId, 'data-phone-id': row.userPhoneId, 'data-state': row.state })
      }
      columns={[
        { title: t('desktop.work.columns.phone'), dataIndex: 'phoneName', width: 200, ellipsis: true },
        ...(withSubject
          ? [{ title: t('desktop.work.columns.file'), dataIndex: 'subject', width: 200, ellipsis: true }]
          : []),
        {
          title: t('desktop.work.columns.progress'),
          key: 'progress',
          render: (_: unknown, row: PhoneProgressRow) => (
            <Progress percent={Math.round(row.percent)} status={row.status} size="small" />
          ),
        },
        { title: t('desktop.work.columns.state'), dataIndex: 'text', width: 220 },
      ]}
    />
  );
}
