/** Phone ids a page was sent with: `userPhoneId=3` or `userPhoneIds=1,2,3`; anything else is dropped. */
export function phoneIdsParam(params: URLSearchParams): number[] {
  const raw = [params.get('userPhoneId'), params.get('userPhoneIds')].filter(Boolean).join(',');
  const ids = raw
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}
