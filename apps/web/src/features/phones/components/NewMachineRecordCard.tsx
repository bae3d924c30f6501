import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { NewMachineRecord, NewMachineStatus, PhoneIdentity } from '@cloudphone/contracts/new-machine';
import { Name } from '../../../components/Name';
import { formatDateTime } from '../../../lib/format-time';

const STATUS_COLOR: Record<NewMachineStatus, 'primary' | 'success' | 'danger'> = {
  running: 'primary',
  successful: 'success',
  failed: 'danger',
};

function Identity({ identity }: { identity: PhoneIdentity }) {
  const { t } = useTranslation();
  return (
    <span>
      {identity.brand} {identity.name} ({identity.model})
      <br />
      {/* Each code whole on its line: never one letter of it wrapped onto the next. */}
      <span className="cp-record__code">{t('newMachine.imei', { imei: identity.imei })}</span>{' '}
      <span className="cp-record__code">{t('newMachine.serial', { serial: identity.serial })}</span>
    </span>
  );
}

/** One phone made new (spec §3 new-machine parameters): who it was and who it is now. */
export function NewMachineRecordCard({ record }: { record: NewMachineRecord }) {
  const { t } = useTranslation();
  return (
    <article className="cp-record" data-testid="new-machine-record" data-status={record.status}>
      <div className="cp-record__line">
        <strong className="cp-record__title">
          <Name value={record.phoneName} />
        </strong>
        <Tag color={STATUS_COLOR[record.status]} fill="outline">
          {t(`newMachine.status.${record.status}`)}
        </Tag>
      </div>
      <dl className="cp-record__identity">
        <dt>{t('newMachine.before')}</dt>
        <dd>
          <Identity identity={record.before} />
        </dd>
        <dt>{t('newMachine.after')}</dt>
        <dd>
          {record.after ? (
            <Identity identity={record.after} />
          ) : record.reason ? (
            <span className="cp-record__reason">{record.reason}</span>
          ) : (
            t('newMachine.pending')
          )}
        </dd>
      </dl>
      <div className="cp-record__line cp-record__line--muted">
        <span>{record.brand ?? t('newMachine.anyBrandRecord')}</span>
        <span>{formatDateTime(record.createdAt)}</span>
      </div>
    </article>
  );
}
