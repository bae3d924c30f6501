import { useTranslation } from 'react-i18next';
import type { NewMachineRecord, PhoneIdentity as Identity } from '@cloudphone/contracts/new-machine';

/** Who a phone says it is (spec §3 new-machine parameters): brand, name and model, IMEI and serial. */
export function PhoneIdentity({ identity }: { identity: Identity }) {
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

/** Who a phone made new is now: its new identity, why it has none, or that it is still coming. */
export function NewIdentity({ record }: { record: NewMachineRecord }) {
  const { t } = useTranslation();
  if (record.after) return <PhoneIdentity identity={record.after} />;
  if (record.reason) return <span className="cp-record__reason">{record.reason}</span>;
  return <>{t('newMachine.pending')}</>;
}
