import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { createGrant, refreshGrants } from '../api/grants';
import { checkGrantDraft, type GrantDraft } from '../lib/grant-form';

/** A grant just made: its phone, and its code when it was made as one. */
export interface MadeGrant {
  grantId: number;
  userPhoneId: number;
  grantCode?: string;
}

/**
 * Sends the add-grant form (spec §4–§6): checks it, wants the agreement ticked (spec §5), and makes
 * one grant per phone. `problem` is why the form was refused, to show under it.
 */
export function useAddGrants() {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The grants made; none when the form was refused or every call failed (the request layer says why). */
  const submit = async (
    phones: readonly UserPhone[],
    draft: GrantDraft,
    agreed: boolean,
    now: number,
  ): Promise<MadeGrant[]> => {
    const checked = checkGrantDraft(phones, draft, now);
    if (!checked.ok) {
      setProblem(checked.problem);
      return [];
    }
    if (!agreed) {
      notify(errorMessage('agreementRequired', currentLanguage()), 'warning');
      return [];
    }
    setProblem(null);
    setBusy(true);
    try {
      const results = await Promise.allSettled(checked.grants.map((body) => createGrant(body)));
      await refreshGrants(queryClient);
      return results.flatMap((result, i) =>
        result.status === 'fulfilled' ? [{ ...result.value, userPhoneId: checked.grants[i]!.userPhoneId }] : [],
      );
    } finally {
      setBusy(false);
    }
  };

  return { submit, problem, busy };
}
