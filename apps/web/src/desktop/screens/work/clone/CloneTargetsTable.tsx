import { useTranslation } from 'react-i18next';
import type { CloneTarget } from '@cloudphone/contracts/templates';
import { cloneTargetText } from '../../../../features/templates/hooks/use-clone';
import { PhoneProgress } from '../PhoneProgress';

const STATUS = { waiting: 'normal', cloning: 'active', success: 'success', failed: 'exception' } as const;

/** Each phone of a clone: its progress while it is cloned, then its result and why it failed. */
export function CloneTargetsTable({ targets }: { targets: readonly CloneTarget[] }) {
  const { t } = useTranslation();
  return (
    <PhoneProgress
      rowTestId="clone-target"
      rows={targets.map((target) => ({
        key: target.userPhoneId,
        userPhoneId: target.userPhoneId,
        phoneName: target.phoneName,
        percent: target.state === 'success' || target.state === 'failed' ? 100 : target.progress,
        state: target.state,
        status: STATUS[target.state],
        text: cloneTargetText(target, t),
      }))}
    />
  );
}
