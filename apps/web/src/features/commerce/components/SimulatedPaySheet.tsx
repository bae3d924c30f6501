import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format-money';

interface SimulatedPaySheetProps {
  amountCents: number;
  busy: boolean;
  onPay: () => void;
  onCancel: () => void;
}

/** The simulated pay step: stands in for a wallet, so the whole purchase works without one. */
export function SimulatedPaySheet({ amountCents, busy, onPay, onCancel }: SimulatedPaySheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible bodyClassName="cp-commerce-sheet" onMaskClick={busy ? undefined : onCancel}>
      <div role="dialog" aria-label={t('commerce.pay.simulatedTitle', { amount: formatMoney(amountCents) })}>
        <h3 className="cp-commerce-sheet__title">
          {t('commerce.pay.simulatedTitle', { amount: formatMoney(amountCents) })}
        </h3>
        <p className="cp-commerce-note">{t('commerce.pay.simulatedNote')}</p>
        <div className="cp-commerce-sheet__actions">
          <Button block disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button block color="primary" loading={busy} onClick={onPay}>
            {t('commerce.pay.simulatedPay')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
