import { queryOptions, useQuery } from '@tanstack/react-query';
import * as product from '@cloudphone/contracts/endpoints/trade/product';
import { call } from '../../../lib/api-client';

/** The grades on sale with their packages: for buying new phones or for renewing phones. */
export const getProductsQueryOptions = (usage: 'buy' | 'renew') =>
  queryOptions({
    queryKey: ['commerce', 'products', usage],
    queryFn: () => call(product.list, { query: { usage } }),
  });

export const useProducts = (usage: 'buy' | 'renew') => useQuery(getProductsQueryOptions(usage));
