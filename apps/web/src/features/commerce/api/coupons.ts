import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Coupon, GiftBag } from '@cloudphone/contracts/promotion';
import { request } from '../../../lib/request';

const COUPONS = ['commerce', 'coupons'] as const;

/** Every coupon of the user, whatever its state: the pages filter and count them. */
export const getCouponsQueryOptions = () =>
  queryOptions({ queryKey: [...COUPONS, 'list'], queryFn: () => request<Coupon[]>('/api/promotion/coupon/list') });

export const useCoupons = () => useQuery(getCouponsQueryOptions());

export const redeemCode = (code: string) =>
  request<Coupon[]>('/api/promotion/coupon/redeem', { method: 'POST', body: { code } });

export const getGiftBagQueryOptions = () =>
  queryOptions({
    queryKey: [...COUPONS, 'gift-bag'],
    queryFn: () => request<GiftBag>('/api/promotion/coupon/gift-bag'),
  });

export const useGiftBag = () => useQuery(getGiftBagQueryOptions());

export const claimGiftBag = () => request<Coupon[]>('/api/promotion/coupon/gift-bag/claim', { method: 'POST' });

/** After a redeem, a claim or an order: the coupon lists and the gift bag load again. */
export const refreshCoupons = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: COUPONS });
