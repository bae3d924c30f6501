/** The phones a page was sent with, from a `userPhoneIds=1,2,3` query parameter; anything else is dropped. */
export function idsParam(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}
