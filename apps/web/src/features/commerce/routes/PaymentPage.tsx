import { useEffect } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { submitPayment } from '../api/payment';
import { formatMoney } from '../../../lib/format-money';
import { OrderDetails } from '../components/OrderDetails';
import { PayMethodList } from '../components/PayMethodList';
import { SimulatedPaySheet } from '../components/SimulatedPaySheet';
import { WalletQrSheet } from '../components/WalletQrSheet';
import { onPhoneScreen } from '../lib/wallet-step';
import { usePayment } from '../hooks/use-payment';
import { payInWechat } from '../../../lib/in-app-browser';
import '../commerce.css';

/**
 * Paying an order (`?orderNo=`): its details, the time left to pay, the methods, and cancelling it.
 * Opened without an order, it says so and leads to the purchase records.
 */
export default function PaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const toResult = () => void navigate(pathFor('paymentResult', clientNo, `?orderNo=${orderNo}`), { replace: true });
  const payment = usePayment(orderNo, { onPhone: onPhoneScreen(), onResult: toResult });
  const { order, methods, offered, method, busy } = payment;

  // Back from WeChat's sign-in (`?code=`): the JSAPI payment it names the customer for goes on at once.
  useEffect(() => {
    const wechatCode = params.get('code');
    if (!wechatCode || !orderNo) return;
    const here = pathFor('payment', clientNo, `?orderNo=${orderNo}`);
    // The code is good once: the address drops it, so a reload does not use it again.
    void navigate(here, { replace: true });
    void payment.run(async () => {
      const start = await submitPayment(orderNo, 'wechat', { returnUrl: window.location.href, wechatCode });
      if (start.jsapi && (await payInWechat(start.jsapi)) === 'ok') toResult();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
  if (order.isPending || methods.isPending) return <PageLoading />;
  if (order.error) return <PageError message={order.error.message} onRetry={() => void order.refetch()} />;
  if (methods.error) return <PageError message={methods.error.message} onRetry={() => void methods.refetch()} />;
  const current = order.data;

  const cancel = async () => {
    if (await confirmAction({ content: t('commerce.pay.cancelConfirm'), danger: true })) await payment.cancel();
  };

  return (
    <div className="cp-commerce">
      <div className="cp-pay-head">
        <strong className="cp-pay-head__amount">{formatMoney(current.payPriceCents)}</strong>
        <span className="cp-commerce-note" role="timer">
          {t('commerce.pay.payWithin', { time: payment.timeLeft })}
        </span>
      </div>
      <OrderDetails order={current} />
      <section className="cp-commerce-section">
        <h3 className="cp-commerce-section__title">{t('commerce.pay.method')}</h3>
        {offered.length === 0 ? (
          <p className="cp-commerce-error">{errorMessage('payMethodUnavailable', currentLanguage())}</p>
        ) : (
          <PayMethodList
            methods={offered}
            payType={method?.payType ?? null}
            onChange={payment.chooseMethod}
            code={payment.code}
            onCodeChange={payment.setCode}
          />
        )}
      </section>
      <div className="cp-commerce-actions">
        <Button block color="primary" size="large" disabled={!method} loading={busy} onClick={() => void payment.pay()}>
          {t('commerce.pay.submit', { amount: formatMoney(current.payPriceCents) })}
        </Button>
        <Button block fill="none" disabled={busy} onClick={() => void cancel()}>
          {t('commerce.pay.cancelOrder')}
        </Button>
      </div>
      {payment.simulateToken && (
        <SimulatedPaySheet
          amountCents={current.payPriceCents}
          busy={busy}
          onPay={() => void payment.simulate('success')}
          onCancel={() => void payment.simulate('cancel')}
        />
      )}
      {payment.qrText && method && (
        <WalletQrSheet payType={method.payType} text={payment.qrText} onPaid={toResult} onClose={payment.closeQr} />
      )}
    </div>
  );
}
