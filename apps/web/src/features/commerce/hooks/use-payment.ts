import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order, PayMethod, PayType } from '@cloudphone/contracts/commerce';
import { activationCodeSchema } from '@cloudphone/contracts/validation';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';
import { payInWechat } from '../../../lib/in-app-browser';
import { notify } from '../../../stores/notifications';
import { useNow } from '../../../hooks/use-now';
import { refreshCoupons } from '../api/coupons';
import { cancelOrder, refreshAfterDelivery, useOrder } from '../api/orders';
import { payByActivationCode, simulatePayment, submitPayment, usePayMethods } from '../api/payment';
import { walletStep, type WalletStep } from '../lib/wallet-step';

/** While a wallet's QR code is shown, the order is read this often: the wallet's notice pays it. */
const WALLET_POLL_MS = 2_000;

/** A code pays an order of one phone of the code's package (the server checks the package). */
const codeCanPay = (order: Order) => order.skuType !== 'upgrade' && order.deviceCount === 1;

/** The time left to pay, as `mm:ss`. */
export const payTimeLeft = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** After an order was paid or closed: home, the orders and the coupons (one was held or used) show it. */
const refreshAfterPayment = (queryClient: QueryClient, order: Order) =>
  Promise.all([refreshAfterDelivery(queryClient, order), refreshCoupons(queryClient)]);

/** Cancels an unpaid order (the page asks first); null when refused, as the request layer has shown. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return async (orderNo: string): Promise<Order | null> => {
    try {
      const cancelled = await cancelOrder(orderNo);
      await refreshAfterPayment(queryClient, cancelled);
      return cancelled;
    } catch {
      return null;
    }
  };
}

interface PaymentOptions {
  /** A phone's browser goes to a wallet's own page; a large screen shows the wallet's QR code to scan. */
  onPhone: boolean;
  /** The order was paid or closed, or handed to the wallet: on to the payment's result. */
  onResult: () => void;
  /** Goes to a wallet's own page (the phone app leaves for it). */
  openWallet?: (url: string) => void;
}

/**
 * Paying an order (spec §3, §4): the methods it can be paid with, the time left, and each method's
 * step — the simulated pay step, a wallet's page or QR code (the order is watched meanwhile), an
 * activation code — or cancelling it. A paid or closed order moves on to its result by itself.
 */
export function usePayment(
  orderNo: string,
  { onPhone, onResult, openWallet = (url) => window.location.assign(url) }: PaymentOptions,
) {
  const queryClient = useQueryClient();
  const [qrText, setQrText] = useState<string | null>(null);
  const order = useOrder(orderNo, qrText ? WALLET_POLL_MS : undefined);
  const methods = usePayMethods();
  const now = useNow(1000);
  const [chosen, setChosen] = useState<PayType | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [simulateToken, setSimulateToken] = useState<string | null>(null);

  const data = order.data;
  const settled = data !== undefined && data.payResult !== 'pending';
  const timedOut = data !== undefined && now >= data.payDeadline;
  // A paid or closed order has nothing left to pay: its result shows instead.
  useEffect(() => {
    if (settled) onResult();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  // The server closes an order whose time ran out when it is next read.
  useEffect(() => {
    if (timedOut) void order.refetch({ cancelRefetch: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timedOut]);

  const offered = data ? (methods.data ?? []).filter((m) => m.payType !== 'activation_code' || codeCanPay(data)) : [];
  const method: PayMethod | undefined = offered.find((m) => m.payType === chosen) ?? offered[0];

  /** One step at a time; a refused step has been shown by the request layer. */
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
    await refreshAfterPayment(queryClient, answered);
    onResult();
  };

  const follow = async (step: WalletStep) => {
    if (step.kind === 'open') openWallet(step.url);
    else if (step.kind === 'qr') setQrText(step.text);
    // WeChat's pay sheet: its notice pays the order, which the result waits for; a cancel stays here.
    else if (step.kind !== 'jsapi' || (await payInWechat(step.payment)) === 'ok') onResult();
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
      await follow(walletStep(start, method, onPhone));
    });

  /** The simulated pay step's answer: pay, or cancel (the order closes). */
  const simulate = (outcome: 'success' | 'cancel') =>
    run(async () => {
      if (!simulateToken) return;
      const answered = await simulatePayment(orderNo, simulateToken, outcome);
      setSimulateToken(null);
      await delivered(answered);
    });

  /** Cancels the order (the page asks first); its coupon is free again. */
  const cancel = () =>
    run(async () => {
      await delivered(await cancelOrder(orderNo));
    });

  return {
    order,
    methods,
    /** The methods this order can be paid with, and the one chosen (the first until one is). */
    offered,
    method,
    chooseMethod: setChosen,
    code,
    setCode,
    busy,
    run,
    timeLeft: data ? payTimeLeft(data.payDeadline - now) : '',
    pay,
    simulateToken,
    simulate,
    /** The wallet's QR code being shown, while the order is watched for its notice. */
    qrText,
    closeQr: () => setQrText(null),
    cancel,
  };
}
