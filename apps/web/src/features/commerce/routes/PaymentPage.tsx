import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order, PayMethod, PayType } from '@cloudphone/contracts/commerce';
import { activationCodeSchema } from '@cloudphone/contracts/validation';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { confirmAction } from '../../../components/confirm-action';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { cancelOrder, refreshAfterDelivery, useOrder } from '../api/orders';
import { payByActivationCode, simulatePayment, submitPayment, usePayMethods } from '../api/payment';
import { refreshCoupons } from '../api/coupons';
import { formatMoney } from '../components/money';
import { OrderDetails } from '../components/OrderDetails';
import { PayMethodList } from '../components/PayMethodList';
import { SimulatedPaySheet } from '../components/SimulatedPaySheet';
import { WalletQrSheet } from '../components/WalletQrSheet';
import { onPhoneScreen, walletStep, type WalletStep } from '../components/wallet-step';
import { payInWechat } from '../../../lib/in-app-browser';
import { useNow } from '../../../hooks/use-now';
import '../commerce.css';

const WALLET_POLL_MS = 2_000;

/** A code pays an order of one phone of the code's package (the server checks the package). */
const codeCanPay = (order: Order) => order.skuType !== 'upgrade' && order.deviceCount === 1;

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Paying an order (`?orderNo=`): its details, the time left to pay, the methods, and cancelling it.
 * Opened without an order, it says so and leads to the purchase records.
 */
export default function PaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const [qrText, setQrText] = useState<string | null>(null);
  // While a wallet's QR code is shown, the order is read every few seconds: its notice pays it.
  const order = useOrder(orderNo, qrText ? WALLET_POLL_MS : undefined);
  const methods = usePayMethods();
  const now = useNow(1000);
  const [chosen, setChosen] = useState<PayType | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [simulateToken, setSimulateToken] = useState<string | null>(null);

  const data = order.data;
  const toResult = () => void navigate(pathFor('paymentResult', clientNo, `?orderNo=${orderNo}`), { replace: true });
  const settled = data !== undefined && data.payResult !== 'pending';
  const timedOut = data !== undefined && now >= data.payDeadline;
  // A paid or closed order has nothing left to pay: its result shows instead.
  useEffect(() => {
    if (settled) toResult();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  // The server closes an order whose time ran out when it is next read.
  useEffect(() => {
    if (timedOut) void order.refetch({ cancelRefetch: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timedOut]);

  // Back from WeChat's sign-in (`?code=`): the JSAPI payment it names the customer for goes on at once.
  useEffect(() => {
    const wechatCode = params.get('code');
    if (!wechatCode || !orderNo) return;
    const here = pathFor('payment', clientNo, `?orderNo=${orderNo}`);
    // The code is good once: the address drops it, so a reload does not use it again.
    void navigate(here, { replace: true });
    setBusy(true);
    submitPayment(orderNo, 'wechat', { returnUrl: window.location.href, wechatCode })
      .then(async (start) => {
        if (start.jsapi && (await payInWechat(start.jsapi)) === 'ok') toResult();
      })
      .catch(() => undefined) // The request layer has shown why.
      .finally(() => setBusy(false));
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
  const offered = methods.data.filter((m) => m.payType !== 'activation_code' || codeCanPay(current));
  const method: PayMethod | undefined = offered.find((m) => m.payType === chosen) ?? offered[0];

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  const delivered = async (answered: Order) => {
    await Promise.all([refreshAfterDelivery(queryClient, answered), refreshCoupons(queryClient)]);
    toResult();
  };

  const pay = () =>
    run(async () => {
      if (!method) return;
      if (method.payType === 'activation_code') {
        if (!activationCodeSchema.safeParse(code).success) {
          notify(errorMessage('activationCodeInvalid', currentLanguage()));
          return;
        }
        await delivered(await payByActivationCode(orderNo, code));
        return;
      }
      const start = await submitPayment(orderNo, method.payType, { returnUrl: window.location.href });
      if (method.payType === 'simulated') {
        setSimulateToken(start.simulateToken);
        return;
      }
      await follow(walletStep(start, method, onPhoneScreen()));
    });

  const follow = async (step: WalletStep) => {
    if (step.kind === 'open') window.location.assign(step.url);
    else if (step.kind === 'qr') setQrText(step.text);
    // WeChat's pay sheet: its notice pays the order, which the result page waits for; a cancel stays here.
    else if (step.kind !== 'jsapi' || (await payInWechat(step.payment)) === 'ok') toResult();
  };

  const simulate = (outcome: 'success' | 'cancel') =>
    run(async () => {
      if (!simulateToken) return;
      const answered = await simulatePayment(orderNo, simulateToken, outcome);
      setSimulateToken(null);
      await delivered(answered);
    });

  const cancel = async () => {
    if (!(await confirmAction({ content: t('commerce.pay.cancelConfirm'), danger: true }))) return;
    await run(async () => {
      await delivered(await cancelOrder(orderNo));
    });
  };

  return (
    <div className="cp-commerce">
      <div className="cp-pay-head">
        <strong className="cp-pay-head__amount">{formatMoney(current.payPriceCents)}</strong>
        <span className="cp-commerce-note" role="timer">
          {t('commerce.pay.payWithin', { time: mmss(current.payDeadline - now) })}
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
            onChange={setChosen}
            code={code}
            onCodeChange={setCode}
          />
        )}
      </section>
      <div className="cp-commerce-actions">
        <Button block color="primary" size="large" disabled={!method} loading={busy} onClick={() => void pay()}>
          {t('commerce.pay.submit', { amount: formatMoney(current.payPriceCents) })}
        </Button>
        <Button block fill="none" disabled={busy} onClick={() => void cancel()}>
          {t('commerce.pay.cancelOrder')}
        </Button>
      </div>
      {simulateToken && (
        <SimulatedPaySheet
          amountCents={current.payPriceCents}
          busy={busy}
          onPay={() => void simulate('success')}
          onCancel={() => void simulate('cancel')}
        />
      )}
      {qrText && method && (
        <WalletQrSheet payType={method.payType} text={qrText} onPaid={toResult} onClose={() => setQrText(null)} />
      )}
    </div>
  );
}
