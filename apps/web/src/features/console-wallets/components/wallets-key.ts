/** Each client's wallets in the query cache. */
export const WALLETS_KEY = ['console', 'wallets'] as const;
