import { memo } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useLongPress } from '../hooks/use-long-press';
import { statusTag } from '../../../components/phones/phone-status';
import { formatRemainingTime, remainingTime } from '../../../components/phones/remaining-time';
import { heldUntil } from '../../../lib/phone-rules';
import '../../../components/phones/check.css';
import { Name } from '../../../components/Name';

interface PhoneCardProps {
  phone: UserPhone;
  now: number;
  onOpen: (phone: UserPhone) => void;
  /** A long press starts choosing phones, with this one chosen. */
  onLongPress?: (phone: UserPhone) => void;
  /** While choosing phones (given), a tap ticks or unticks the card instead of opening the phone. */
  onToggle?: (phone: UserPhone) => void;
  selected?: boolean;
}

/** One phone of the list view: what it is, its state and how long it has left. */
export const PhoneCard = memo(function PhoneCard({
  phone,
  now,
  onOpen,
  onLongPress,
  onToggle,
  selected = false,
}: PhoneCardProps) {
  const { t } = useTranslation();
  const press = useLongPress(
    () => onLongPress?.(phone),
    () => (onToggle ? onToggle(phone) : onOpen(phone)),
  );
  const status = statusTag(phone.status, phone.expireTime, now);
  const remaining = remainingTime(heldUntil(phone), now);
  return (
    <button
      type="button"
      className={`cp-phone-card${selected ? ' cp-phone-card--selected' : ''}`}
      data-testid="phone-card"
      aria-pressed={onToggle ? selected : undefined}
      {...press}
    >
      <div className="cp-phone-card__head">
        {onToggle && <span className={`cp-check${selected ? ' cp-check--on' : ''}`} aria-hidden />}
        <Name className="cp-phone-card__name" value={phone.name} />
        <Tag color={status.color} fill="outline">
          {t(`phones.status.${status.label}`)}
        </Tag>
        {phone.trial && <Tag color="warning">{t('phones.trial')}</Tag>}
        {phone.authorized && <Tag color="primary">{t('phones.authorized')}</Tag>}
        {phone.beAuthorized && <Tag color="success">{t('phones.beAuthorized')}</Tag>}
      </div>
      <div className="cp-phone-card__line">
        {phone.mockModel.manufacturer} {phone.mockModel.model} · {phone.resolution}
        {phone.groupId !== 0 && <span className="cp-phone-card__group"> · {phone.groupName}</span>}
      </div>
      <div className="cp-phone-card__line">
        {t('phones.remainingLabel')}{' '}
        <span className={remaining.expired || remaining.expiringSoon ? 'cp-phone-card__due' : undefined}>
          {formatRemainingTime(remaining, t)}
        </span>
        {!remaining.expired && remaining.expiringSoon && (
          <Tag color="danger" fill="outline" className="cp-phone-card__soon">
            {t('phones.expiringSoon')}
          </Tag>
        )}
      </div>
    </button>
  );
});
