import { useState } from 'react';
import { Steps, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TransferRecord } from '@cloudphone/contracts/transfers';
import { formatDateTime } from '../../../lib/format-time';
import { Name } from '../../../components/Name';
import { TRANSFER_STATUS_COLOR } from '../lib/record-colors';

/** One transfer order (spec §3): its phones, accounts, state and time; tapped, every state it passed. */
export function TransferRecordCard({ record }: { record: TransferRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <article className="cp-record" data-testid="transfer-record" data-status={record.status}>
      <button type="button" className="cp-record__summary" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="cp-record__line">
          <strong className="cp-record__title">
            <Name value={record.phones.map((p) => p.name).join(', ')} />
          </strong>
          <Tag color={TRANSFER_STATUS_COLOR[record.status]} fill="outline">
            {t(`transfer.status.${record.status}`)}
          </Tag>
        </span>
        <span className="cp-record__line cp-record__line--muted">
          <span>
            {t('transfer.from')} {record.fromAccount} → {t('transfer.to')} {record.toAccount}
          </span>
        </span>
        {record.reason && <span className="cp-record__reason">{record.reason}</span>}
        <span className="cp-record__line cp-record__line--muted">
          <span>{formatDateTime(record.createdAt)}</span>
          <span>{record.transferNo}</span>
        </span>
      </button>
      {open && (
        <Steps direction="vertical" current={record.history.length - 1} className="cp-record__history">
          {record.history.map((h) => (
            <Steps.Step
              key={`${h.status}-${h.time}`}
              title={t(`transfer.status.${h.status}`)}
              description={formatDateTime(h.time)}
            />
          ))}
        </Steps>
      )}
    </article>
  );
}
