import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activationCodeSchema, parseActivationCodes } from '@cloudphone/contracts/validation';
import { notify } from '../../../stores/notifications';
import { activateCodes } from '../api/activation-codes';
import { refreshAfterDelivery } from '../api/orders';
import { addCodes, applyResults, markActivating, useActivationCodes, type CodeUsage } from '../stores/activation-codes';

/**
 * Activating the listed codes of one use (spec §4, §5): a purchase code makes a phone, a renewal code
 * renews the chosen phone, which it needs first. Each code shows its outcome; home shows the phones.
 */
export function useCodeActivation(usage: CodeUsage, userPhoneId: number | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entries = useActivationCodes((s) => s[usage]);
  const [busy, setBusy] = useState(false);
  const waiting = entries.filter((e) => e.state === 'waiting').map((e) => e.code);

  const activate = async () => {
    setBusy(true);
    markActivating(usage, waiting);
    try {
      const results = await activateCodes(waiting, usage, usage === 'renew' && userPhoneId ? [userPhoneId] : []);
      applyResults(usage, waiting, results);
      const ok = results.filter((r) => r.state === 'success').length;
      notify(t('commerce.codes.summary', { ok, failed: results.length - ok }), ok > 0 ? 'success' : 'warning');
      if (ok > 0) await refreshAfterDelivery(queryClient);
    } catch {
      // The request layer has shown why; the codes can be tried again.
      applyResults(usage, waiting, []);
    } finally {
      setBusy(false);
    }
  };

  return {
    entries,
    /** The codes still to activate. */
    waiting,
    /** A renewal code renews a chosen phone: none is chosen yet. */
    needsPhone: usage === 'renew' && userPhoneId === null,
    busy,
    activate,
  };
}

/**
 * Typing or pasting codes to add (spec §5): several at once, split on newline, space or comma;
 * duplicates, also of codes already listed, are not added and their count is shown as typed and added.
 */
export function useCodeInput(usage: CodeUsage) {
  const { t } = useTranslation();
  const listed = useActivationCodes((s) => s[usage]);
  const [input, setInput] = useState('');
  const preview = parseActivationCodes(
    input,
    listed.map((e) => e.code),
  );
  const add = () => {
    const { codes, duplicateCount } = addCodes(usage, input);
    notify(t('commerce.codes.added', { count: codes.length, duplicates: duplicateCount }), 'success');
    setInput('');
  };
  return {
    input,
    setInput,
    preview,
    /** Codes that are not 12 letters and digits: the server will refuse them. */
    malformed: preview.codes.filter((code) => !activationCodeSchema.safeParse(code).success).length,
    add,
  };
}
