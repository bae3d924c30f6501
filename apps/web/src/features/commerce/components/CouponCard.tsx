import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@cloudphone/contracts/promotion';
import { formatDate } from '../../../lib/format-time';
import { couponCondition, couponValue } from '../lib/coupon-terms';

interface CouponCardProps {
  coupon: Coupon;
  /** Shown in place of the validity when the coupon cannot be used here, e.g. "not yet usable". */
  note?: string | null;
  dimmed?: boolean;
  /** On the right: a state, a tick, a button. */
  aside?: ReactNode;
}

/** A coupon as the user reads it: what it gives, what order it needs, until when. */
export function CouponCard({ coupon, note, dimmed = false, aside }: CouponCardProps) {
  const { t } = useTranslation();
  return (
    <div className={`cp-coupon${dimmed ? ' cp-coupon--dimmed' : ''}`} data-testid="coupon">
      <div className="cp-coupon__value">
        <strong>{couponValue(coupon, t)}</strong>
        <span>{t(`commerce.coupon.kind.${coupon.kind}`)}</span>
      </div>
      <div className="cp-coupon__body">
        <span className="cp-coupon__name">{coupon.name}</span>
        <span className="cp-coupon__line">{couponCondition(coupon, t)}</span>
        <span className={`cp-coupon__line${note ? ' cp-coupon__line--warn' : ''}`}>
          {note ?? t('commerce.coupon.validUntil', { date: formatDate(coupon.validUntil) })}
        </span>
      </div>
      {aside && <div className="cp-coupon__aside">{aside}</div>}
    </div>
  );
}
