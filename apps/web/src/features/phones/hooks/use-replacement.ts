import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { ReplaceType, type ReplaceResult } from '@cloudphone/contracts/replacement';
import type { confirmAction } from '../../../components/confirm-action';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { useRefreshPhones } from '../api/phone-groups';
import { previewReplacement, submitReplacement } from '../api/replacement';

/**
 * Replacing the chosen phones (spec §2 changePhone, §4): without or with their data, what the server
 * says of each, then — confirmed through the shell's `confirm` — the replacement of those it allows,
 * and each one's outcome.
 */
export function useReplacement(userPhoneIds: readonly number[], confirm: typeof confirmAction) {
  const { t } = useTranslation();
  const refresh = useRefreshPhones();
  const [replaceType, setReplaceType] = useState<ReplaceType>(ReplaceType.withData);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<ReplaceResult[] | null>(null);
  const preview = useQuery({
    queryKey: ['replacement', 'preview', userPhoneIds, replaceType],
    queryFn: () => previewReplacement({ userPhoneIds: [...userPhoneIds], replaceType }),
    enabled: userPhoneIds.length > 0 && results === null,
    gcTime: 0,
  });
  const ready = preview.data?.list.filter((p) => p.replaceable) ?? [];
  const nameOf = (userPhoneId: number) => preview.data?.list.find((p) => p.userPhoneId === userPhoneId)?.name ?? '';

  const submit = async () => {
    const confirmed = await confirm({
      content: t(replaceType === ReplaceType.withData ? 'replacement.confirm2' : 'replacement.confirm1', {
        count: ready.length,
      }),
      confirmText: t('replacement.submit', { count: ready.length }),
      danger: true,
    });
    if (!confirmed) return;
    setRunning(true);
    try {
      const { list } = await submitReplacement({ userPhoneIds: ready.map((p) => p.userPhoneId), replaceType });
      setResults(list);
      if (list.some((r) => !r.ok)) notify(errorMessage('replaceFailed', currentLanguage()));
      else notify(t('replacement.allDone'), 'success');
    } catch {
      // The request layer has shown why.
    } finally {
      setRunning(false);
      await refresh();
    }
  };

  return { replaceType, setReplaceType, preview, ready, nameOf, running, results, submit };
}
