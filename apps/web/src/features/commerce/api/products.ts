import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@cloudphone/contracts/commerce';
import { request } from '../../../lib/request';

/** The grades on sale with their packages: for buying new phones or for renewing phones. */
export const getProductsQueryOptions = (usage: 'buy' | 'renew') =>
  queryOptions({
    queryKey: ['commerce', 'products', usage],
    queryFn: () => request<Product[]>('/api/trade/product/list', { query: { usage } }),
  });

export const useProducts = (usage: 'buy' | 'renew') => useQuery(getProductsQueryOptions(usage));
