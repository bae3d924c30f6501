import { useCallback } from 'react';
import { Button, Result } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayResult } from '@cloudphone/contracts/commerce';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { formatMoney } from '../../../lib/format-money';
import { OrderDetails } from '../components/OrderDetails';
import { usePaymentResult } from '../hooks/use-payment-result';
import '../commerce.css';

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
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const goHome = useCallback(() => void navigate(`/${clientNo}`, { replace: true }), [navigate, clientNo]);
  const { order, settled, secondsLeft, waitingForStock, refresh } = usePaymentResult(orderNo, goHome);

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
          onClick={refresh}
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
        <Button block fill="none" onClick={goHome}>
          {t('common.goHome')}
        </Button>
      </div>
      <OrderDetails order={data} />
    </div>
  );
}
