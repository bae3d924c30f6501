import { ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CloneTarget } from '@cloudphone/contracts/templates';
import { Name } from '../../../components/Name';
import { cloneTargetText } from '../hooks/use-clone';

/** Each phone of a clone: its progress while it is cloned, then its result and why it failed. */
export function CloneTargets({ targets }: { targets: readonly CloneTarget[] }) {
  const { t } = useTranslation();
  return (
    <ul className="cp-clone-targets">
      {targets.map((target) => (
        <li key={target.userPhoneId} className="cp-clone-targets__row" data-testid="clone-target">
          <Name className="cp-clone-targets__name" value={target.phoneName} />
          {target.state === 'success' && (
            <Tag color="success" fill="outline">
              {cloneTargetText(target, t)}
            </Tag>
          )}
          {target.state === 'failed' && <span className="cp-clone-targets__failed">{cloneTargetText(target, t)}</span>}
          {(target.state === 'waiting' || target.state === 'cloning') && (
            <ProgressBar
              className="cp-clone-targets__progress"
              percent={target.progress}
              text={cloneTargetText(target, t)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
