import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type { Order, OrderRequest, OrderStatus } from '@cloudphone/contracts/commerce';
import * as orderEndpoints from '@cloudphone/contracts/endpoints/trade/order';
import { call } from '../../../lib/api-client';
import { tracked } from '../../../lib/tracking';
import { queryKeys } from '../../../lib/query-keys';

const ORDERS = ['commerce', 'orders'] as const;
export const ORDER_PAGE_SIZE = 20;

/**
 * The price of an order before it is placed. Refusals (a used trial, a coupon not yet usable…) are
 * shown beside the price, so they are not also notified.
 */
export const getQuoteQueryOptions = (order: OrderRequest | null) =>
  queryOptions({
    queryKey: ['commerce', 'quote', order],
    queryFn: order === null ? skipToken : () => call(orderEndpoints.quote, { body: order, silent: true }),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useQuote = (order: OrderRequest | null) => useQuery(getQuoteQueryOptions(order));

export const createOrder = (order: OrderRequest) =>
  call(orderEndpoints.create, { body: order }).then(tracked('buy', () => ({ skuType: order.skuType })));

export const getOrderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: [...ORDERS, 'one', orderNo],
    queryFn: () => call(orderEndpoints.get, { query: { orderNo } }),
    enabled: orderNo !== '',
  });

/** One order; while its payment is unknown it is asked for again every `pollMs`. */
export const useOrder = (orderNo: string, pollMs?: number) =>
  useQuery({
    ...getOrderQueryOptions(orderNo),
    refetchInterval: (query) => (pollMs && query.state.data?.payResult === 'pending' ? pollMs : false),
  });

const orderPage = (status: OrderStatus | null, pageNo: number, pageSize: number) =>
  call(orderEndpoints.page, { query: { pageNo, pageSize, status: status ?? undefined } });

/** The orders page after page, newest first, for a list that grows as it scrolls. */
export const getOrderPagesQueryOptions = (status: OrderStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...ORDERS, 'pages', status],
    queryFn: ({ pageParam }) => orderPage(status, pageParam, ORDER_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * ORDER_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

export const useOrderPages = (status: OrderStatus | null) => useInfiniteQuery(getOrderPagesQueryOptions(status));

/** One page of the orders, newest first, for a table that turns its pages; the page shown stays while the next loads. */
export const getOrderPageQueryOptions = (status: OrderStatus | null, pageNo: number, pageSize = ORDER_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...ORDERS, 'pages', status, 'page', pageNo, pageSize],
    queryFn: () => orderPage(status, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

export const useOrderPage = (status: OrderStatus | null, pageNo: number, pageSize?: number) =>
  useQuery(getOrderPageQueryOptions(status, pageNo, pageSize));

export const cancelOrder = (orderNo: string) => call(orderEndpoints.cancel, { query: { orderNo } });

/** The grades a phone can move up to; the refusal (trial, too little time, highest already) is the page's to show. */
export const getUpgradeOptionsQueryOptions = (userPhoneId: number) =>
  queryOptions({
    queryKey: ['commerce', 'upgrade-options', userPhoneId],
    queryFn: () => call(orderEndpoints.upgradeOptions, { query: { userPhoneId }, silent: true }),
    retry: false,
    enabled: userPhoneId > 0,
  });

export const useUpgradeOptions = (userPhoneId: number) => useQuery(getUpgradeOptionsQueryOptions(userPhoneId));

/**
 * After an order was paid, cancelled or delivered (or a code activated): the order as the server
 * answered it, and home and the order list show the change at once. The order itself is not asked
 * for again, so no second identical request meets one still in flight.
 */
export async function refreshAfterDelivery(queryClient: QueryClient, order?: Order): Promise<void> {
  if (order) queryClient.setQueryData(getOrderQueryOptions(order.orderNo).queryKey, order);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.phoneList }),
    queryClient.invalidateQueries({ queryKey: [...ORDERS, 'pages'] }),
  ]);
}
