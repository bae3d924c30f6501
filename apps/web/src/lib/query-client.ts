import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the app. Server data lives only here; logout clears it so the next
 * account never sees the previous one's data.
 */
export const queryClient = new QueryClient({
  // The request layer already shows failures and retries after a token refresh; one retry is enough.
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
