import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTROL_MAX_WINDOWS } from '@cloudphone/contracts/limits';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { useMyPhones } from '../../../lib/my-phones';
import { refreshSync } from '../../../lib/sync-following';
import { startSync } from '../api/sync';
import { holdsFor } from '../../../lib/phone-rules';
import { errorMessage } from '@cloudphone/contracts/errors';
import { currentLanguage } from '../../../lib/i18n/index';

/**
 * Choosing a session's phones, then its main, for both faces: the user's own phones that are not
 * trials and not granted out (the server checks again, and says why a busy phone cannot join).
 * `start` resolves true once the session runs; false when refused (the request layer said why).
 */
export function useSyncSetup(initial: readonly number[] = []) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phones = useMyPhones();
  const [chosen, setChosen] = useState<number[]>([...initial]);
  const [main, setMain] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const own = (phones.data ?? []).filter((p) => holdsFor(p, 'sync'));
  const full = chosen.length >= MAIN_CONTROL_MAX_WINDOWS;
  const unavailable = (phone: UserPhone) => {
    if (phone.trial) return t('sync.unavailable.trial');
    // Its owner's way out, in the owner's words: take the grant back first.
    if (phone.authorized) return errorMessage('grantExists', currentLanguage());
    if (full && !chosen.includes(phone.userPhoneId)) return t('sync.tooMany', { max: MAIN_CONTROL_MAX_WINDOWS });
    return null;
  };
  const mainId = main !== null && chosen.includes(main) ? main : (chosen[0] ?? null);

  const start = async () => {
    if (mainId === null) return false;
    setBusy(true);
    try {
      await startSync(
        mainId,
        chosen.filter((id) => id !== mainId),
      );
      await refreshSync(queryClient);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    phones,
    own,
    chosen,
    setChosen,
    toggle: (phone: UserPhone) =>
      setChosen((ids) =>
        ids.includes(phone.userPhoneId) ? ids.filter((id) => id !== phone.userPhoneId) : [...ids, phone.userPhoneId],
      ),
    mainId,
    setMain,
    unavailable,
    /** A session needs a main and one follower at least. */
    ready: chosen.length > 1,
    start,
    busy,
  };
}
