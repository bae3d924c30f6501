import { memo } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { statusTag } from './phone-status';
import { formatRemainingTime, remainingTime } from './remaining-time';

interface PhoneCardProps {
  phone: UserPhone;
  now: number;
  onOpen: (phone: UserPhone) => void;
}

/** One phone of the list view: what it is, its state and how long it has left. */
export const PhoneCard = memo(function PhoneCard({ phone, now, onOpen }: PhoneCardProps) {
  const { t } = useTranslation();
  const status = statusTag(phone.status, phone.expireTime, now);
  const remaining = remainingTime(phone.expireTime, now);
  return (
    <button type="button" className="cp-phone-card" data-testid="phone-card" onClick={() => onOpen(phone)}>
      <div className="cp-phone-card__head">
        <span className="cp-phone-card__name">{phone.name}</span>
        <Tag color={status.color} fill="outline">
          {t(`phones.status.${status.label}`)}
        </Tag>
        {phone.trial && <Tag color="warning">{t('phones.trial')}</Tag>}
      </div>
      <div className="cp-phone-card__line">
        {phone.mockModel.manufacturer} {phone.mockModel.model} · {phone.resolution}
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
