import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../stores/notifications';
import { claimGiftBag, refreshCoupons, useGiftBag } from '../api/coupons';

/** The tenant's gift bag of coupons, claimed once per account; nothing when the tenant has none. */
export function GiftBagCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bag = useGiftBag();
  const [claiming, setClaiming] = useState(false);
  if (!bag.data || (!bag.data.available && !bag.data.claimed)) return null;

  const claim = async () => {
    setClaiming(true);
    try {
      await claimGiftBag();
      notify(t('commerce.giftBag.claimedNow'), 'success');
      await refreshCoupons(queryClient);
    } catch {
      // The request layer has shown why.
    } finally {
      setClaiming(false);
    }
  };

  return (
    <section className="cp-gift-bag" aria-label={t('commerce.giftBag.title')}>
      <div className="cp-gift-bag__text">
        <strong>{t('commerce.giftBag.title')}</strong>
        <span>{bag.data.coupons.map((c) => c.name).join(' · ')}</span>
      </div>
      <Button
        color="primary"
        size="small"
        disabled={!bag.data.available}
        loading={claiming}
        onClick={() => void claim()}
      >
        {bag.data.available ? t('commerce.giftBag.claim') : t('commerce.giftBag.claimed')}
      </Button>
    </section>
  );
}
