import { useEffect, useState } from 'react';
import { Button, List, NoticeBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderRequest } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { currentLanguage } from '../../../lib/i18n/index';
import { useCoupons } from '../api/coupons';
import { createOrder, useQuote } from '../api/orders';
import { bestCoupon } from './coupon-terms';
import { CouponPicker } from './CouponPicker';
import { formatMoney } from './money';

interface CheckoutProps {
  /** The order as chosen on the page (its coupon is chosen here); null until there is enough to price. */
  order: OrderRequest | null;
  submitLabel: string;
}

/**
 * The end of every purchase, renewal and upgrade: a coupon, the server's price with the discount and
 * the days, the stock warning, and the button that places the order and goes on to payment.
 */
export function Checkout({ order, submitLabel }: CheckoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  /** The customer's own choice of coupon (none is a choice); until they make one, the best one. */
  const [chosen, setChosen] = useState<{ couponId: number | null } | null>(null);
  const [placing, setPlacing] = useState(false);
  const coupons = useCoupons();
  // The price before a coupon stays known while a refused coupon makes the quote fail.
  /** What the chosen order costs before a coupon (as the server priced it), for that very order only. */
  const [priced0, setPriced0] = useState<{ order: string; cents: number } | null>(null);
  const orderKey = JSON.stringify(order);
  const original = priced0?.order === orderKey ? priced0.cents : 0;
  const best = order && bestCoupon(coupons.data ?? [], { priceCents: original, skuType: order.skuType }, Date.now());
  const couponId = chosen ? chosen.couponId : (best?.couponId ?? null);
  const priced = order && { ...order, couponId };
  const quote = useQuote(priced);
  // The best coupon follows the price of what is chosen, once the server has priced it.
  const quotedOriginal = quote.isPlaceholderData ? undefined : quote.data?.originalPriceCents;
  useEffect(() => {
    if (quotedOriginal !== undefined) setPriced0({ order: orderKey, cents: quotedOriginal });
  }, [quotedOriginal, orderKey]);

  const ready = priced !== null && quote.data !== undefined && !quote.isPlaceholderData && !quote.error;
  const place = async () => {
    if (!priced) return;
    setPlacing(true);
    try {
      const created = await createOrder(priced);
      void navigate(pathFor('payment', clientNo, `?orderNo=${created.orderNo}`));
    } catch {
      // The request layer has shown why.
    } finally {
      setPlacing(false);
    }
  };

  const q = quote.data;
  return (
    <>
      <List className="cp-commerce-list" header={t('commerce.checkout.title')}>
        {order && (
          <CouponPicker
            coupons={coupons.data ?? []}
            order={{ priceCents: original, skuType: order.skuType }}
            couponId={couponId}
            onChange={(id) => setChosen({ couponId: id })}
            now={Date.now()}
          />
        )}
        <List.Item extra={q ? formatMoney(q.originalPriceCents) : '—'}>{t('commerce.checkout.original')}</List.Item>
        {q && q.discountCents > 0 && (
          <List.Item extra={<span className="cp-commerce-discount">-{formatMoney(q.discountCents)}</span>}>
            {t('commerce.checkout.discount')}
          </List.Item>
        )}
        <List.Item extra={q ? t('commerce.days', { count: q.durationDays }) : '—'}>
          {t('commerce.checkout.duration')}
        </List.Item>
      </List>
      {quote.error && (
        <p className="cp-commerce-error" role="alert">
          {quote.error.message}
        </p>
      )}
      {q?.stockShort && !quote.error && (
        <NoticeBar color="alert" wrap content={errorMessage('stockShortage', currentLanguage())} />
      )}
      <div className="cp-checkout-bar">
        <span className="cp-checkout-bar__total">
          {t('commerce.checkout.total')}
          <strong data-testid="pay-price">{q ? formatMoney(q.payPriceCents) : '—'}</strong>
        </span>
        <Button color="primary" disabled={!ready} loading={placing} onClick={() => void place()}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
