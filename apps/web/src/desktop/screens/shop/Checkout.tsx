import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRequest } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import { couponFit, couponFitNote, couponValue } from '../../../features/commerce/lib/coupon-terms';
import { formatMoney } from '../../../lib/format-money';
import { useCheckout } from '../../../features/commerce/hooks/use-checkout';
import { PayModal } from './PayModal';

const NO_COUPON = 0;

interface CheckoutProps {
  /** The order as chosen on the screen (its coupon is chosen here); null until there is enough to price. */
  order: OrderRequest | null;
  submitLabel: string;
}

/**
 * The end of every purchase, renewal and upgrade on the desktop: a coupon, the server's price with the
 * discount and the days, the stock warning, and the button that places the order and opens its payment.
 */
export function Checkout({ order, submitLabel }: CheckoutProps) {
  const { t } = useTranslation();
  const checkout = useCheckout(order);
  const { quote, couponOrder } = checkout;
  const [paying, setPaying] = useState<string | null>(null);
  const now = Date.now();
  const q = quote.data;

  const place = async () => {
    const created = await checkout.place();
    if (created) setPaying(created.orderNo);
  };
  const coupons = couponOrder
    ? checkout.coupons
        .map((coupon) => ({ coupon, fit: couponFit(coupon, couponOrder, now) }))
        .filter(({ fit }) => fit !== 'unavailable')
    : [];

  return (
    <Card size="small" title={t('commerce.checkout.title')}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('commerce.coupon.title')}>
          <Select<number>
            style={{ minWidth: 320 }}
            aria-label={t('commerce.coupon.title')}
            disabled={!couponOrder}
            value={checkout.couponId ?? NO_COUPON}
            onChange={(id) => checkout.chooseCoupon(id === NO_COUPON ? null : id)}
            options={[
              { value: NO_COUPON, label: t('commerce.coupon.noCoupon') },
              ...coupons.map(({ coupon, fit }) => {
                const note = couponFitNote(coupon, fit, t);
                return {
                  value: coupon.couponId,
                  disabled: fit !== 'usable',
                  label: `${coupon.name} · ${couponValue(coupon, t)}${note ? ` · ${note}` : ''}`,
                };
              }),
            ]}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('commerce.checkout.original')}>
          {q ? formatMoney(q.originalPriceCents) : '—'}
        </Descriptions.Item>
        {q && q.discountCents > 0 && (
          <Descriptions.Item label={t('commerce.checkout.discount')}>
            <span className="cp-desk-discount">-{formatMoney(q.discountCents)}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('commerce.checkout.duration')}>
          {q ? t('commerce.days', { count: q.durationDays }) : '—'}
        </Descriptions.Item>
      </Descriptions>
      {quote.error && <Alert type="error" showIcon title={quote.error.message} />}
      {q?.stockShort && !quote.error && (
        <Alert type="warning" showIcon title={errorMessage('stockShortage', currentLanguage())} />
      )}
      <div className="cp-desk-checkout__bar">
        <Typography.Text>
          {t('commerce.checkout.total')}{' '}
          <strong className="cp-desk-checkout__total" data-testid="desk-pay-price">
            {q ? formatMoney(q.payPriceCents) : '—'}
          </strong>
        </Typography.Text>
        <Button
          type="primary"
          size="large"
          data-testid="desk-checkout-submit"
          disabled={!checkout.ready}
          loading={checkout.placing}
          onClick={() => void place()}
        >
          {submitLabel}
        </Button>
      </div>
      {paying && <PayModal orderNo={paying} onClose={() => setPaying(null)} />}
    </Card>
  );
}
