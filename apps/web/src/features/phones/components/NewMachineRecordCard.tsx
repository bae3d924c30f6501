import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { NewMachineRecord } from '@cloudphone/contracts/new-machine';
import { Name } from '../../../components/Name';
import { formatDateTime } from '../../../lib/format-time';
import { NEW_MACHINE_STATUS_COLOR } from '../lib/record-colors';
import { NewIdentity, PhoneIdentity } from './PhoneIdentity';

/** One phone made new (spec §3 new-machine parameters): who it was and who it is now. */
export function NewMachineRecordCard({ record }: { record: NewMachineRecord }) {
  const { t } = useTranslation();
  return (
    <article className="cp-record" data-testid="new-machine-record" data-status={record.status}>
      <div className="cp-record__line">
        <strong className="cp-record__title">
          <Name value={record.phoneName} />
        </strong>
        <Tag color={NEW_MACHINE_STATUS_COLOR[record.status]} fill="outline">
          {t(`newMachine.status.${record.status}`)}
        </Tag>
      </div>
      <dl className="cp-record__identity">
        <dt>{t('newMachine.before')}</dt>
        <dd>
          <PhoneIdentity identity={record.before} />
        </dd>
        <dt>{t('newMachine.after')}</dt>
        <dd>
          <NewIdentity record={record} />
        </dd>
      </dl>
      <div className="cp-record__line cp-record__line--muted">
        <span>{record.brand ?? t('newMachine.anyBrandRecord')}</span>
        <span>{formatDateTime(record.createdAt)}</span>
      </div>
    </article>
  );
}
