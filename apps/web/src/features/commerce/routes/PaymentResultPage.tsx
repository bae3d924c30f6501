import { track } from '../../../lib/tracking';
import { useEffect, useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayResult } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { refreshAfterDelivery, useOrder } from '../api/orders';
import { formatMoney } from '../components/money';
import { OrderDetails } from '../components/OrderDetails';
import '../commerce.css';

/** Seconds before a settled result returns home by itself. */
export const PAY_RESULT_RETURN_SECONDS = 5;
/** While the payment is not known yet, the order is asked for again this often. */
const PENDING_POLL_MS = 2_000;

const RESULT_STATUS = {
  pending: 'waiting',
  success: 'success',
  closed: 'warning',
  refunded: 'info',
} as const satisfies Record<PayResult, string>;

/** The payment result (`?orderNo=`, spec §4): success, closed or refunded, a refresh button and an auto-return countdown. */
export default function PaymentResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const order = useOrder(orderNo, PENDING_POLL_MS);
  const result = order.data?.payResult;
  const settled = result !== undefined && result !== 'pending';
  const [secondsLeft, setSecondsLeft] = useState(PAY_RESULT_RETURN_SECONDS);

  // Home shows the new or renewed phones as soon as the payment is known.
  useEffect(() => {
    if (!settled) return;
    void refreshAfterDelivery(queryClient);
    track('pay_result', { result });
  }, [settled, queryClient, result]);

  useEffect(() => {
    if (!settled) return;
    if (secondsLeft <= 0) {
      void navigate(`/${clientNo}`, { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [settled, secondsLeft, clientNo, navigate]);

  if (!orderNo)
    return (
      <PageNotice
        title={t('commerce.opened.noOrder')}
        description={t('commerce.opened.noOrderDetail')}
        action={{
          label: t('commerce.opened.toOrders'),
          onClick: () => void navigate(pathFor('orderList', clientNo), { replace: true }),
        }}
      />
    );
  if (order.isPending) return <PageLoading />;
  if (order.error) return <PageError message={order.error.message} onRetry={() => void order.refetch()} />;
  const data = order.data;
  const waitingForStock = data.status === 'to_be_allocated' || data.status === 'out_of_stock';

  return (
    <div className="cp-commerce cp-pay-result" data-result={data.payResult}>
      <Result
        status={RESULT_STATUS[data.payResult]}
        title={t(`commerce.result.${data.payResult}`)}
        description={
          waitingForStock ? errorMessage('stockShortage', currentLanguage()) : formatMoney(data.payPriceCents)
        }
      />
      {settled && (
        <p className="cp-commerce-note cp-pay-result__countdown" role="timer">
          {t('commerce.result.returning', { seconds: secondsLeft })}
        </p>
      )}
      <div className="cp-commerce-actions">
        {/* Paid and delivered: the new (or renewed) phone is what the customer wants next (issue 22). */}
        {data.payResult === 'success' && data.userPhoneIds.length > 0 && (
          <Button
            block
            color="primary"
            onClick={() =>
              void navigate(
                data.userPhoneIds.length === 1
                  ? pathFor('phone-view', clientNo, `?userPhoneId=${data.userPhoneIds[0]}`)
                  : `/${clientNo}`,
                { replace: true },
              )
            }
          >
            {t('commerce.result.openPhone', { count: data.userPhoneIds.length })}
          </Button>
        )}
        <Button
          block
          color={data.payResult === 'success' ? 'default' : 'primary'}
          loading={order.isFetching}
          onClick={() => {
            setSecondsLeft(PAY_RESULT_RETURN_SECONDS);
            // A poll already under way answers the tap: an identical second request would be refused.
            void order.refetch({ cancelRefetch: false });
          }}
        >
          {t('commerce.result.refresh')}
        </Button>
        {!settled && (
          <Button
            block
            onClick={() => void navigate(pathFor('payment', clientNo, `?orderNo=${data.orderNo}`), { replace: true })}
          >
            {t('commerce.result.continuePay')}
          </Button>
        )}
        <Button block onClick={() => void navigate(pathFor('orderList', clientNo), { replace: true })}>
          {t('commerce.result.orders')}
        </Button>
        <Button block fill="none" onClick={() => void navigate(`/${clientNo}`, { replace: true })}>
          {t('common.goHome')}
        </Button>
      </div>
      <OrderDetails order={data} />
    </div>
  );
}
