import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Endpoint, QueryOf, ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import { call } from '../lib/api-client';

/**
 * A console list (issue 62): its filter, its page of the endpoint's rows — the last page stays while
 * the next loads — and the table's pagination in the console's words. A new filter starts at page 1.
 */
export function useConsoleList<E extends Endpoint, F extends Partial<QueryOf<E>>>(name: string, endpoint: E) {
  const { t } = useTranslation('console');
  const [filter, setFilter] = useState<F>({} as F);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const list = useQuery({
    queryKey: ['console', name, filter, page],
    // The endpoint's query is the filter and the page: the options are what `call` takes for it.
    queryFn: () => (call as (e: E, o: object) => Promise<ReplyOf<E>>)(endpoint, { query: { ...filter, ...page } }),
    placeholderData: keepPreviousData,
  });
  const search = (next: F) => {
    setFilter(next);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const pagination = {
    current: page.pageNo,
    pageSize: page.pageSize,
    total: (list.data as { total?: number } | undefined)?.total ?? 0,
    showTotal: (count: number) => t('common.total', { count }),
    onChange: (pageNo: number, pageSize: number) => setPage({ pageNo, pageSize }),
    pageSizeOptions: [20, 50],
  };
  return { filter, search, list, pagination };
}
