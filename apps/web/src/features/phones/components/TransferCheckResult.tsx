import { useTranslation } from 'react-i18next';
import type { GiveCheck } from '@cloudphone/contracts/transfers';
import '../../../components/page-with-footer.css';

/** What the check said of each chosen phone: it may go, or why not (spec §9). */
export function TransferCheckResult({ result, names }: { result: GiveCheck; names: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  return (
    <section className="cp-transfer__check" aria-label={t('transfer.checkTitle')}>
      <h3 className="cp-section-title">{t('transfer.checkTitle')}</h3>
      <ul className="cp-batch-results__list">
        {result.list.map((row) => (
          <li key={row.userPhoneId} className="cp-batch-results__row" data-testid="transfer-check" data-ok={row.ok}>
            <span className="cp-batch-results__name">{names.get(row.userPhoneId) ?? row.userPhoneId}</span>
            {row.ok ? (
              <span className="cp-transfer__ok">{t('transfer.canTransfer')}</span>
            ) : (
              <span className="cp-batch-results__message">{row.reason}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
