import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { confirmAction } from '../components/confirm-action';
import { currentLanguage } from '../lib/i18n/index';
import { followingRefusal } from '../lib/sync-following';
import { notify } from '../stores/notifications';

/**
 * What a phone view does when the host says the phone follows a sync session's main (`syncFollowing`,
 * issue 54), in both shells, each asking with its own `confirm`: it names the main and offers to pause
 * following — once at a time, however many taps were refused meanwhile. Paused, the phone is its
 * owner's again.
 */
export function useFollowingRefusal(userPhoneId: number, confirm: typeof confirmAction): () => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const asking = useRef(false);
  return useCallback(() => {
    if (asking.current) return;
    asking.current = true;
    void (async () => {
      const refusal = await followingRefusal(queryClient, userPhoneId, currentLanguage());
      if (!refusal.pause) return notify(refusal.text, 'warning');
      if (!(await confirm({ content: refusal.text, confirmText: t('sync.pauseFollowing') }))) return;
      // A refused pause is told by the request layer.
      await refusal.pause().then(
        () => notify(t('sync.pausedFollowing'), 'success'),
        () => undefined,
      );
    })().finally(() => (asking.current = false));
  }, [confirm, queryClient, t, userPhoneId]);
}
