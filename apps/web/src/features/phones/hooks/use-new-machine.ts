import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NEW_MACHINE_MAX_DEVICES } from '@cloudphone/contracts/limits';
import type { confirmAction } from '../../../components/confirm-action';
import { notify } from '../../../stores/notifications';
import { refreshAfterNewMachine, startNewMachine } from '../api/new-machine';

/**
 * Starts a one-key new machine (spec §1, §9: at most NEW_MACHINE_MAX_DEVICES phones) once the user
 * has agreed through the shell's `confirm` — it wipes the phones' data.
 */
export function useStartNewMachine(confirm: typeof confirmAction) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [working, setWorking] = useState(false);

  /** True once it has started; `brand` empty or absent draws from any brand. */
  const start = async (userPhoneIds: number[], brand?: string): Promise<boolean> => {
    if (userPhoneIds.length > NEW_MACHINE_MAX_DEVICES) {
      notify(t('newMachine.tooMany', { count: NEW_MACHINE_MAX_DEVICES }), 'warning');
      return false;
    }
    const confirmed = await confirm({
      content: t('newMachine.confirm', { count: userPhoneIds.length }),
      confirmText: t('newMachine.submit'),
      danger: true,
    });
    if (!confirmed) return false;
    setWorking(true);
    try {
      const { list } = await startNewMachine({ userPhoneIds, ...(brand ? { brand } : {}) });
      notify(t('newMachine.started', { count: list.length }), 'success');
      await refreshAfterNewMachine(queryClient);
      return true;
    } catch {
      return false; // The request layer has shown why.
    } finally {
      setWorking(false);
    }
  };
  return { working, start };
}
