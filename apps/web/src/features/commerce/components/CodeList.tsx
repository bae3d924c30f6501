import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import type { CodeEntry } from '../stores/activation-codes';
import { ACTIVATION_PROGRESS_COLOR, activationRefusal, type ActivationProgress } from '../lib/activation-state';

interface CodeListProps {
  entries: readonly CodeEntry[];
  onRemove: (code: string) => void;
}

/** The codes to activate and what each came to (spec §4: waiting, activating, success, or why not). */
export function CodeList({ entries, onRemove }: CodeListProps) {
  const { t } = useTranslation();
  return (
    <ul className="cp-code-list">
      {entries.map((entry) => {
        const refusal = activationRefusal(entry.state);
        return (
          <li key={entry.code} className="cp-code-list__item" data-testid="activation-code" data-state={entry.state}>
            <span className="cp-code-list__code">{entry.code}</span>
            {refusal ? (
              <span className="cp-code-list__refusal">{errorMessage(refusal, currentLanguage())}</span>
            ) : (
              <Tag color={ACTIVATION_PROGRESS_COLOR[entry.state as ActivationProgress] ?? 'default'} fill="outline">
                {t(`commerce.codes.state.${entry.state as ActivationProgress}`)}
              </Tag>
            )}
            {entry.state === 'waiting' && (
              <Button
                size="mini"
                fill="none"
                onClick={() => onRemove(entry.code)}
                aria-label={t('commerce.codes.remove')}
              >
                ×
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
