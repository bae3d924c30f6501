import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { grantCodeSchema } from '@cloudphone/contracts/grants';
import { issueText } from '../../../lib/form-rules';
import { notify } from '../../../stores/notifications';
import { redeemGrantCode, refreshGrants } from '../api/grants';

/**
 * Using a grant code (spec §2 useAuthorizationCode): checks it, redeems it, and the code's phone joins
 * this account's lists. `problem` is why the code was refused, to show under the field.
 */
export function useRedeemGrantCode() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** True when the phone is now this account's. */
  const redeem = async (code: string): Promise<boolean> => {
    const checked = grantCodeSchema.safeParse(code);
    if (!checked.success) {
      setProblem(issueText(checked.error.issues[0]?.message ?? ''));
      return false;
    }
    setProblem(null);
    setBusy(true);
    try {
      await redeemGrantCode(checked.data);
      await refreshGrants(queryClient);
      notify(t('grants.redeem.done'), 'success');
      return true;
    } catch {
      // The request layer has shown why.
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { redeem, problem, busy };
}
