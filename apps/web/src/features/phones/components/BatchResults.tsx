import { ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import type { BatchResult } from '../lib/batch-run';

type Screenshot = Extract<BatchResult, { ok: true }> & { imageUrl: string };

interface BatchResultsProps {
  /** How many phones the batch runs on. */
  total: number;
  results: readonly BatchResult[];
}

/** A batch as it runs and when done: progress, each phone's outcome, and the screenshots to keep. */
export function BatchResults({ total, results }: BatchResultsProps) {
  const { t } = useTranslation();
  const done = results.length >= total;
  const failed = results.filter((r) => !r.ok).length;
  const pictures = results.filter((r): r is Screenshot => r.ok && Boolean(r.imageUrl));
  return (
    <div className="cp-batch-results">
      <div className="cp-batch-results__progress" role="status" aria-live="polite">
        <ProgressBar percent={total === 0 ? 100 : (results.length / total) * 100} />
        <span>
          {done
            ? t('batch.finished', { ok: results.length - failed, failed })
            : t('batch.running', { done: results.length, total })}
        </span>
      </div>
      {done && failed > 0 && (
        <p className="cp-batch-results__failed" role="alert">
          {errorMessage('someDevicesFailed', currentLanguage())}
        </p>
      )}
      <ul className="cp-batch-results__list">
        {results.map((r) => (
          <li key={r.userPhoneId} className="cp-batch-results__row" data-testid="batch-result">
            <span className="cp-batch-results__name">{r.name}</span>
            {r.ok ? (
              <Tag color="success" fill="outline">
                {t('batch.success')}
              </Tag>
            ) : (
              <span className="cp-batch-results__message">{r.message}</span>
            )}
          </li>
        ))}
      </ul>
      {pictures.length > 0 && (
        <div className="cp-batch-shots">
          {pictures.map((r) => (
            <figure key={r.userPhoneId} className="cp-batch-shots__item" data-testid="batch-screenshot">
              <img src={r.imageUrl} alt={r.name} />
              <figcaption>
                <span>{r.name}</span>
                <a href={r.imageUrl} download={`${r.name}.png`}>
                  {t('batch.download')}
                </a>
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}
