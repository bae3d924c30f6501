import { useState } from 'react';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SkuType } from '@cloudphone/contracts/commerce';
import type { Coupon } from '@cloudphone/contracts/promotion';
import { LazyPopup } from '../../../components/LazyPopup';
import { CouponCard } from './CouponCard';
import { couponFit, couponFitNote } from '../lib/coupon-terms';

interface CouponPickerProps {
  coupons: readonly Coupon[];
  /** What the order costs before a coupon, and what it is: the coupons that fit depend on both. */
  order: { priceCents: number; skuType: SkuType };
  couponId: number | null;
  onChange: (couponId: number | null) => void;
  now: number;
}

/** The checkout row for a coupon, and the sheet to pick one; coupons that do not fit say why. */
export function CouponPicker({ coupons, order, couponId, onChange, now }: CouponPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = coupons.filter((c) => couponFit(c, order, now) !== 'unavailable');
  const usable = shown.filter((c) => couponFit(c, order, now) === 'usable');
  const chosen = coupons.find((c) => c.couponId === couponId);

  const pick = (id: number | null) => {
    onChange(id);
    setOpen(false);
  };

  return (
    <>
      <List.Item
        onClick={() => setOpen(true)}
        extra={
          chosen
            ? chosen.name
            : usable.length > 0
              ? t('commerce.coupon.available', { count: usable.length })
              : t('commerce.coupon.none')
        }
      >
        {t('commerce.coupon.title')}
      </List.Item>
      <LazyPopup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="cp-commerce-sheet">
        <h3 className="cp-commerce-sheet__title">{t('commerce.coupon.choose')}</h3>
        <div className="cp-commerce-sheet__body">
          <button
            type="button"
            className={`cp-coupon-choice${couponId === null ? ' cp-coupon-choice--on' : ''}`}
            onClick={() => pick(null)}
          >
            {t('commerce.coupon.noCoupon')}
          </button>
          {shown.map((coupon) => {
            const fit = couponFit(coupon, order, now);
            return (
              <button
                type="button"
                key={coupon.couponId}
                className={`cp-coupon-choice${coupon.couponId === couponId ? ' cp-coupon-choice--on' : ''}`}
                disabled={fit !== 'usable'}
                onClick={() => pick(coupon.couponId)}
              >
                <CouponCard coupon={coupon} note={couponFitNote(coupon, fit, t)} dimmed={fit !== 'usable'} />
              </button>
            );
          })}
        </div>
      </LazyPopup>
    </>
  );
}
