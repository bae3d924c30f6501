import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useNow } from '../../hooks/use-now';
import { heldUntil, isGranted } from '../../lib/phone-rules';
import { Name } from '../Name';
import { statusTag } from './phone-status';
import { formatRemainingTime, remainingTime } from './remaining-time';
import './check.css';
import './PhonePicker.css';

interface PhonePickerProps {
  phones: readonly UserPhone[];
  selected: ReadonlySet<number>;
  onToggle: (phone: UserPhone) => void;
  /** Ticks (true) or unticks every phone listed; without it there is no "select all". */
  onToggleAll?: (all: boolean) => void;
  /** One phone (a radio list) rather than several (checkboxes). */
  single?: boolean;
  /** Why a phone cannot be picked here, if it cannot. */
  unavailable?: (phone: UserPhone) => string | null;
}

/**
 * The one list of the user's phones to choose from (issue 23) — for batch operations, transfers,
 * renewals and upgrades alike: each phone's name, trial and granted tags, group, status and the time
 * the user holds it for (a granted phone's is the grant's), or why it cannot be chosen here.
 */
export function PhonePicker({
  phones,
  selected,
  onToggle,
  onToggleAll,
  single = false,
  unavailable,
}: PhonePickerProps) {
  const { t } = useTranslation();
  const now = useNow();
  const pickable = phones.filter((p) => !unavailable?.(p));
  const allTicked = pickable.length > 0 && pickable.every((p) => selected.has(p.userPhoneId));
  return (
    <div className="cp-picker" role={single ? 'radiogroup' : 'group'}>
      {onToggleAll && (
        <div className="cp-picker__head">
          <Checkbox checked={allTicked} disabled={pickable.length === 0} onChange={onToggleAll}>
            {t('phones.selection.all')}
          </Checkbox>
          <span className="cp-picker__count">{t('phones.selection.count', { count: selected.size })}</span>
        </div>
      )}
      {phones.map((phone) => {
        const reason = unavailable?.(phone) ?? null;
        const ticked = selected.has(phone.userPhoneId);
        const status = statusTag(phone.status, phone.expireTime, now);
        return (
          <button
            type="button"
            role={single ? 'radio' : 'checkbox'}
            aria-checked={ticked}
            key={phone.userPhoneId}
            className={`cp-picker__row${ticked ? ' cp-picker__row--on' : ''}`}
            data-testid="picker-phone"
            disabled={reason !== null}
            onClick={() => onToggle(phone)}
          >
            <span
              className={`cp-check${ticked ? ' cp-check--on' : ''}${single ? ' cp-check--radio' : ''}`}
              aria-hidden
            />
            <span className="cp-picker__title">
              <Name className="cp-picker__name" value={phone.name} />
              {phone.trial && <span className="cp-picker__trial">{t('phones.trial')}</span>}
              {isGranted(phone) && (
                <span className="cp-picker__granted" data-testid="picker-granted">
                  {t('phones.beAuthorized')}
                </span>
              )}
            </span>
            <span className="cp-picker__detail">
              {reason ??
                `${phone.groupName} · ${t(`phones.status.${status.label}`)} · ${formatRemainingTime(remainingTime(heldUntil(phone), now), t)}`}
            </span>
          </button>
        );
      })}
    </div>
  );
}
