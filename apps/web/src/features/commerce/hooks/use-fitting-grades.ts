import { useQueries } from '@tanstack/react-query';
import type { Product, Quote } from '@cloudphone/contracts/commerce';
import { request } from '../../../lib/request';

export type GradeFit = 'fits' | 'other' | 'checking';

/**
 * Which grades the chosen phones can be renewed with. A renewal takes the package of the grade the
 * phones run as, one package for the batch (spec §5); the phone list does not name the grade, so
 * each grade's price is asked for and a grade the server refuses is another grade's.
 */
export function useFittingGrades(products: readonly Product[], userPhoneIds: readonly number[]) {
  const ids = [...userPhoneIds].sort((a, b) => a - b);
  const results = useQueries({
    queries: products.map((product) => {
      const packageId = product.packages[0]?.packageId ?? 0;
      return {
        queryKey: ['commerce', 'renewal-fit', product.gradeId, ids],
        queryFn: () =>
          request<Quote>('/api/trade/order/quote', {
            method: 'POST',
            body: { skuType: 'renew', packageId, userPhoneIds: ids, couponId: null },
            silent: true,
          }),
        enabled: ids.length > 0 && packageId > 0,
        retry: false,
      };
    }),
  });
  return new Map<number, GradeFit>(
    products.map((product, i) => {
      const result = results[i];
      const fit: GradeFit = result?.isSuccess ? 'fits' : result?.isError ? 'other' : 'checking';
      return [product.gradeId, fit];
    }),
  );
}
