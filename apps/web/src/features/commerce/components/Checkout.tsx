import { useRef, useState } from 'react';
import { Button, List, NoticeBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderRequest } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../app/route-context';
import { pathFor } from '../../../app/route-table';
import { currentLanguage } from '../../../lib/i18n/index';
import { useCoupons } from '../api/coupons';
import { createOrder, useQuote } from '../api/orders';
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
  const [couponId, setCouponId] = useState<number | null>(null);
  const [placing, setPlacing] = useState(false);
  const priced = order && { ...order, couponId };
  const quote = useQuote(priced);
  const coupons = useCoupons();
  // The price before a coupon stays known while a refused coupon makes the quote fail.
  const lastOriginal = useRef(0);
  if (quote.data) lastOriginal.current = quote.data.originalPriceCents;

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
            order={{ priceCents: lastOriginal.current, skuType: order.skuType }}
            couponId={couponId}
            onChange={setCouponId}
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
