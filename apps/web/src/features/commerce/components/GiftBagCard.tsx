import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useGiftBagClaim } from '../hooks/use-coupon-actions';

/** The tenant's gift bag of coupons, claimed once per account; nothing when the tenant has none. */
export function GiftBagCard() {
  const { t } = useTranslation();
  const { bag, shown, claiming, claim } = useGiftBagClaim();
  if (!bag || !shown) return null;

  return (
    <section className="cp-gift-bag" aria-label={t('commerce.giftBag.title')}>
      <div className="cp-gift-bag__text">
        <strong>{t('commerce.giftBag.title')}</strong>
        <span>{bag.coupons.map((c) => c.name).join(' · ')}</span>
      </div>
      <Button color="primary" size="small" disabled={!bag.available} loading={claiming} onClick={() => void claim()}>
        {bag.available ? t('commerce.giftBag.claim') : t('commerce.giftBag.claimed')}
      </Button>
    </section>
  );
}
