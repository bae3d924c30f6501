import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Grant } from '@cloudphone/contracts/grants';
import { shortName } from '../../../components/Name';
import { copyText } from '../../../lib/copy-text';
import { notify } from '../../../stores/notifications';
import { cancelGrantCode, clearGrantCode, refreshGrants, revokeGrant } from '../api/grants';

/** Asks the user before a destructive grant action, in the face's own dialog; true when confirmed. */
export type ConfirmGrantAction = (question: { content: string; confirmText: string; danger: true }) => Promise<boolean>;

/**
 * The grantor's actions (spec §4, §6: take a grant back at any time; clear or cancel a grant code):
 * each asked first, said when done, and followed by fresh lists. Each resolves true when it went through.
 */
export function useGrantActions(confirm: ConfirmGrantAction) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const act = async (content: string, confirmText: string, run: () => Promise<unknown>, done: string) => {
    if (!(await confirm({ content, confirmText, danger: true }))) return false;
    setBusy(true);
    try {
      await run();
      notify(done, 'success');
      return true;
    } catch {
      // The request layer has shown why.
      return false;
    } finally {
      await refreshGrants(queryClient);
      setBusy(false);
    }
  };

  /** Takes grants back; several at once are asked about with `question`. */
  const takeBack = (grants: readonly Grant[], question?: string) =>
    act(
      question ?? t('grants.takeBackConfirm', { name: shortName(grants[0]?.phoneName ?? '') }),
      t('grants.takeBack'),
      async () => {
        const results = await Promise.allSettled(grants.map((g) => revokeGrant(g.grantId)));
        if (results.some((r) => r.status === 'rejected')) throw new Error('not every grant was taken back');
      },
      t('grants.takenBack'),
    );

  /** A new code replaces the grant's code; whoever redeemed the old one loses the phone. */
  const clearCode = (grant: Grant) =>
    act(
      t('grants.code.clearConfirm'),
      t('grants.code.clear'),
      () => clearGrantCode(grant.grantId),
      t('grants.code.cleared'),
    );

  /** Ends a grant: a code grant is cancelled (its code stops working), any other is taken back. */
  const end = (grant: Grant) =>
    grant.grantCode !== null
      ? act(
          t('grants.code.cancelConfirm'),
          t('grants.code.cancel'),
          () => cancelGrantCode(grant.grantId),
          t('grants.code.cancelled'),
        )
      : takeBack([grant]);

  /** Copies a grant's code, to hand it to whoever is to use the phone. */
  const copyCode = async (grant: Grant) => {
    if (grant.grantCode && (await copyText(grant.grantCode))) notify(t('grants.code.copied'), 'success');
  };

  return { takeBack, clearCode, end, copyCode, busy };
}
