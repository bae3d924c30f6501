/** Money as the user reads it: yuan with two decimals, from integer cents (DESIGN §3), e.g. `¥12.50`. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
