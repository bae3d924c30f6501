import { Button, List, NoticeBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderRequest } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { currentLanguage } from '../../../lib/i18n/index';
import { useCheckout } from '../hooks/use-checkout';
import { CouponPicker } from './CouponPicker';
import { formatMoney } from '../../../lib/format-money';

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
  const checkout = useCheckout(order);
  const { quote, couponOrder } = checkout;

  const place = async () => {
    const created = await checkout.place();
    if (created) void navigate(pathFor('payment', clientNo, `?orderNo=${created.orderNo}`));
  };

  const q = quote.data;
  return (
    <>
      <List className="cp-commerce-list" header={t('commerce.checkout.title')}>
        {couponOrder && (
          <CouponPicker
            coupons={checkout.coupons}
            order={couponOrder}
            couponId={checkout.couponId}
            onChange={checkout.chooseCoupon}
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
        <Button color="primary" disabled={!checkout.ready} loading={checkout.placing} onClick={() => void place()}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
