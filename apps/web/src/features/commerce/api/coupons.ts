import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as coupon from '@cloudphone/contracts/endpoints/promotion/coupon';
import { call } from '../../../lib/api-client';

const COUPONS = ['commerce', 'coupons'] as const;

/** Every coupon of the user, whatever its state: the pages filter and count them. */
export const getCouponsQueryOptions = () =>
  queryOptions({ queryKey: [...COUPONS, 'list'], queryFn: () => call(coupon.list) });

export const useCoupons = () => useQuery(getCouponsQueryOptions());

export const redeemCode = (code: string) => call(coupon.redeem, { body: { code } });

export const getGiftBagQueryOptions = () =>
  queryOptions({
    queryKey: [...COUPONS, 'gift-bag'],
    queryFn: () => call(coupon.giftBag),
  });

export const useGiftBag = () => useQuery(getGiftBagQueryOptions());

export const claimGiftBag = () => call(coupon.giftBagClaim);

/** After a redeem, a claim or an order: the coupon lists and the gift bag load again. */
export const refreshCoupons = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: COUPONS });
