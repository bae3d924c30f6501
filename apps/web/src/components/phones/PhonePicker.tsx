import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useNow } from '../../hooks/use-now';
import { statusTag } from './phone-status';
import { formatRemainingTime, remainingTime } from './remaining-time';
import './check.css';
import './PhonePicker.css';
import { Name } from '../Name';

interface PhonePickerProps {
  phones: readonly UserPhone[];
  selected: ReadonlySet<number>;
  onToggle: (phone: UserPhone) => void;
  /** Ticks (true) or unticks every phone listed. */
  onToggleAll: (all: boolean) => void;
  /** Why a phone cannot be picked here, if it cannot. */
  unavailable?: (phone: UserPhone) => string | null;
}

/** A list of phones to tick, with "select all" for those listed. */
export function PhonePicker({ phones, selected, onToggle, onToggleAll, unavailable }: PhonePickerProps) {
  const { t } = useTranslation();
  const now = useNow();
  const pickable = phones.filter((p) => !unavailable?.(p));
  const allTicked = pickable.length > 0 && pickable.every((p) => selected.has(p.userPhoneId));
  return (
    <div className="cp-picker">
      <div className="cp-picker__head">
        <Checkbox checked={allTicked} disabled={pickable.length === 0} onChange={onToggleAll}>
          {t('phones.selection.all')}
        </Checkbox>
        <span className="cp-picker__count">{t('phones.selection.count', { count: selected.size })}</span>
      </div>
      {phones.map((phone) => {
        const reason = unavailable?.(phone) ?? null;
        const ticked = selected.has(phone.userPhoneId);
        const status = statusTag(phone.status, phone.expireTime, now);
        return (
          <button
            type="button"
            role="checkbox"
            aria-checked={ticked}
            key={phone.userPhoneId}
            className={`cp-picker__row${ticked ? ' cp-picker__row--on' : ''}`}
            data-testid="picker-phone"
            disabled={reason !== null}
            onClick={() => onToggle(phone)}
          >
            <span className={`cp-check${ticked ? ' cp-check--on' : ''}`} aria-hidden />
            <Name className="cp-picker__name" value={phone.name} />
            <span className="cp-picker__detail">
              {reason ??
                `${phone.groupName} · ${t(`phones.status.${status.label}`)} · ${formatRemainingTime(remainingTime(phone.expireTime, now), t)}`}
            </span>
          </button>
        );
      })}
    </div>
  );
}
