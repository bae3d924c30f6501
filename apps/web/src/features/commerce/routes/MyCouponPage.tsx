import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { COUPON_STATES, type Coupon, type CouponState } from '@cloudphone/contracts/promotion';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { useCoupons } from '../api/coupons';
import { CouponCard } from '../components/CouponCard';
import { couponShelfNote } from '../lib/coupon-terms';
import { GiftBagCard } from '../components/GiftBagCard';
import { RedeemCodeForm } from '../components/RedeemCodeForm';
import '../commerce.css';

/** My coupons (spec §1, §4): the gift bag, redeeming a code, and coupons by state. */
export default function MyCouponPage() {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const [state, setState] = useState<CouponState>('unused');
  const count = (s: CouponState) => coupons.data?.filter((c) => c.state === s).length ?? 0;

  return (
    <div className="cp-commerce">
      <GiftBagCard />
      <RedeemCodeForm />
      <Tabs activeKey={state} onChange={(key) => setState(key as CouponState)}>
        {COUPON_STATES.map((s) => (
          <Tabs.Tab
            key={s}
            title={t('commerce.coupon.stateCount', { state: t(`commerce.coupon.state.${s}`), count: count(s) })}
          />
        ))}
      </Tabs>
      {coupons.isPending ? (
        <PageLoading />
      ) : coupons.error ? (
        <PageError message={coupons.error.message} onRetry={() => void coupons.refetch()} />
      ) : (
        <CouponsOf coupons={coupons.data.filter((c) => c.state === state)} />
      )}
    </div>
  );
}

function CouponsOf({ coupons }: { coupons: readonly Coupon[] }) {
  const { t } = useTranslation();
  if (coupons.length === 0) return <PageEmpty description={t('commerce.coupon.empty')} />;
  const now = Date.now();
  return (
    <div className="cp-coupon-list">
      {coupons.map((c) => (
        <CouponCard key={c.couponId} coupon={c} {...couponShelfNote(c, now, t)} />
      ))}
    </div>
  );
}
