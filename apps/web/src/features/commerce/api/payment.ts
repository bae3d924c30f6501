import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayType } from '@cloudphone/contracts/commerce';
import * as pay from '@cloudphone/contracts/endpoints/trade/pay';
import { call } from '../../../lib/api-client';

/** The ways this client takes payment: wallets only where the tenant configured them. */
export const getPayMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'pay-methods'],
    queryFn: () => call(pay.methods),
  });

export const usePayMethods = () => useQuery(getPayMethodsQueryOptions());

/** Starts paying; `returnUrl` is where a wallet's own pages come back to, `wechatCode` what WeChat's sign-in gave. */
export const submitPayment = (
  orderNo: string,
  payType: Exclude<PayType, 'activation_code'>,
  from: { returnUrl?: string; wechatCode?: string } = {},
) => call(pay.submit, { body: { orderNo, payType, ...from } });

/** The simulated pay step's answer: pay, or cancel (the order closes). */
export const simulatePayment = (orderNo: string, simulateToken: string, outcome: 'success' | 'cancel') =>
  call(pay.simulate, { body: { orderNo, simulateToken, outcome } });

export const payByActivationCode = (orderNo: string, code: string) =>
  call(pay.activationCode, { body: { orderNo, code } });
