import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, PayMethod, PayStart, PayType } from '@cloudphone/contracts/commerce';
import { request } from '../../../lib/request';

/** The ways this client takes payment: wallets only where the tenant configured them. */
export const getPayMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'pay-methods'],
    queryFn: () => request<PayMethod[]>('/api/trade/pay/methods'),
  });

export const usePayMethods = () => useQuery(getPayMethodsQueryOptions());

export const submitPayment = (orderNo: string, payType: Exclude<PayType, 'activation_code'>) =>
  request<PayStart>('/api/trade/pay/submit', { method: 'POST', body: { orderNo, payType } });

/** The simulated pay step's answer: pay, or cancel (the order closes). */
export const simulatePayment = (orderNo: string, simulateToken: string, outcome: 'success' | 'cancel') =>
  request<Order>('/api/trade/pay/simulate', { method: 'POST', body: { orderNo, simulateToken, outcome } });

export const payByActivationCode = (orderNo: string, code: string) =>
  request<Order>('/api/trade/pay/activation-code', { method: 'POST', body: { orderNo, code } });
