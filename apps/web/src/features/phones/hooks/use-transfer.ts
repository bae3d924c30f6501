import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMIT_CONFIG_DEFAULTS } from '@cloudphone/contracts/config-keys';
import type { UserPhone } from '@cloudphone/contracts/phones';
import type { GiveCheck } from '@cloudphone/contracts/transfers';
import type { confirmAction } from '../../../components/confirm-action';
import { useAllPhones } from '../../../lib/phone-pages';
import { notify } from '../../../stores/notifications';
import { checkTransfer, refreshAfterTransfer, transferPhones, useTransferLimits } from '../api/transfers';
import { holdsFor } from '../../../lib/phone-rules';

/**
 * A transfer (spec §2 transferDevice, §9): the chosen phones — the user's own — and the receiving
 * account are checked against the tenant's rules first, a change of either asks for a new check, and
 * only a check every phone passed lets the transfer go, confirmed through the shell's `confirm`.
 */
export function useTransfer(selected: readonly number[], account: string, confirm: typeof confirmAction) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phones = useAllPhones();
  const limits = useTransferLimits();
  /** The last check, with the request it answered: a change of phones or account asks for a new one. */
  const [check, setCheck] = useState<{ request: string; result: GiveCheck } | null>(null);
  const [working, setWorking] = useState<'check' | 'transfer' | null>(null);

  const own = phones.phones.filter((p) => holdsFor(p, 'transfer'));
  const chosen = selected.filter((id) => own.some((p) => p.userPhoneId === id));
  const request = { userPhoneIds: chosen, account: account.trim() };
  const requestKey = JSON.stringify(request);
  const checked = check?.request === requestKey ? check.result : null;
  const batch = limits.data?.['give.batch.count'] ?? LIMIT_CONFIG_DEFAULTS['give.batch.count'];
  const rules = limits.data
    ? t('transfer.rules', {
        batch,
        perDay: limits.data['give.user.day.count'],
        perPhone: limits.data['give.phone.day.count'],
        hours: limits.data['give.frequency.hours'],
        minHours: limits.data['give.expire.min.hours'],
      })
    : null;

  const runCheck = async () => {
    if (chosen.length > batch) {
      notify(t('transfer.tooMany', { count: batch }), 'warning');
      return;
    }
    setWorking('check');
    try {
      setCheck({ request: requestKey, result: await checkTransfer(request) });
    } catch {
      // The request layer has shown why (an unknown account, oneself…).
    } finally {
      setWorking(null);
    }
  };

  /** True once the phones have gone. */
  const submit = async (): Promise<boolean> => {
    const confirmed = await confirm({
      content: t('transfer.confirm', { count: chosen.length, account: request.account }),
      confirmText: t('transfer.submit'),
      danger: true,
    });
    if (!confirmed) return false;
    setWorking('transfer');
    try {
      const { transferNo } = await transferPhones(request);
      notify(t('transfer.started', { transferNo }), 'success');
      await refreshAfterTransfer(queryClient);
      return true;
    } catch {
      setCheck(null);
      return false;
    } finally {
      setWorking(null);
    }
  };

  return {
    phones,
    own,
    /** Phones granted to the user are not theirs to give. */
    unavailable: (phone: UserPhone) => (holdsFor(phone, 'transfer') ? null : t('transfer.grantedToYou')),
    chosen,
    /** The tenant's limits in words, once known. */
    rules,
    checked,
    /** A check was made, but the phones or the account have changed since. */
    stale: check !== null && checked === null,
    working,
    canCheck: chosen.length > 0 && request.account !== '' && phones.complete && working === null,
    canSubmit: checked !== null && checked.list.every((r) => r.ok) && working === null,
    runCheck,
    submit,
  };
}
