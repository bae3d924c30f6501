import { useCallback, useMemo, useState } from 'react';
import type { UserPhone } from '@cloudphone/contracts/phones';

/** A set of chosen phones, by userPhoneId, in the order they were chosen. */
export function useSelection(initial: readonly number[] = []) {
  const [ids, setIds] = useState<readonly number[]>(initial);
  const selected = useMemo(() => new Set(ids), [ids]);

  const toggle = useCallback(
    (phone: UserPhone) =>
      setIds((now) =>
        now.includes(phone.userPhoneId) ? now.filter((id) => id !== phone.userPhoneId) : [...now, phone.userPhoneId],
      ),
    [],
  );
  const replace = useCallback((next: readonly number[]) => setIds([...new Set(next)]), []);
  const has = useCallback((phone: UserPhone) => selected.has(phone.userPhoneId), [selected]);

  return { ids, selected, toggle, replace, has };
}
