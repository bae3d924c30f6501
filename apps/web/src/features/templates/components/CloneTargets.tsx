import { ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CloneTarget } from '@cloudphone/contracts/templates';
import { Name } from '../../../components/Name';

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
              {t('templates.target.success')}
            </Tag>
          )}
          {target.state === 'failed' && (
            <span className="cp-clone-targets__failed">
              {t(`templates.target.reason.${target.reason ?? 'failed'}`)}
            </span>
          )}
          {(target.state === 'waiting' || target.state === 'cloning') && (
            <ProgressBar
              className="cp-clone-targets__progress"
              percent={target.progress}
              text={target.state === 'waiting' ? t('templates.target.waiting') : `${target.progress}%`}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
