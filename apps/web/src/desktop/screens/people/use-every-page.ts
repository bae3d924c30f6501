import { useEffect } from 'react';

interface Paged {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * An infinite query read to its end, for a table that sorts and pages on the desktop. Only for short
 * lists: the grants (spec §9: 20 phones granted to an account at most; a phone is granted once).
 */
export function useEveryPage<Q extends Paged>(query: Q): Q {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return query;
}
