import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { remainingText } from './remaining';
import { Name } from '../../../components/Name';

interface PhoneChooserProps {
  phones: readonly UserPhone[];
  selected: readonly number[];
  onToggle: (phone: UserPhone) => void;
  /** A radio list (one phone) or a checkbox list (several). */
  multiple?: boolean;
  /** Why a phone cannot be chosen here, if it cannot. */
  unavailable?: (phone: UserPhone) => string | null;
}

/** The user's phones to renew, upgrade or renew by code: name, remaining time, and why one is out. */
export function PhoneChooser({ phones, selected, onToggle, multiple = false, unavailable }: PhoneChooserProps) {
  const { t } = useTranslation();
  const now = Date.now();
  return (
    <div className="cp-commerce-phones" role={multiple ? 'group' : 'radiogroup'}>
      {phones.map((phone) => {
        const reason = unavailable?.(phone) ?? null;
        const on = selected.includes(phone.userPhoneId);
        return (
          <button
            type="button"
            role={multiple ? 'checkbox' : 'radio'}
            aria-checked={on}
            key={phone.userPhoneId}
            disabled={reason !== null}
            className={`cp-commerce-phone${on ? ' cp-commerce-phone--on' : ''}`}
            data-testid="commerce-phone"
            onClick={() => onToggle(phone)}
          >
            <span className={`cp-commerce-check${on ? ' cp-commerce-check--on' : ''}`} aria-hidden />
            <span className="cp-commerce-phone__name">
              <Name value={phone.name} />
              {phone.trial && <span className="cp-commerce-phone__trial">{t('commerce.trial')}</span>}
            </span>
            <span className="cp-commerce-phone__detail">{reason ?? remainingText(phone.expireTime, now, t)}</span>
          </button>
        );
      })}
    </div>
  );
}
