import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redeemCodeSchema } from '@cloudphone/contracts/validation';
import { issueText } from '../../../lib/form-rules';
import { notify } from '../../../stores/notifications';
import { claimGiftBag, redeemCode, refreshCoupons, useGiftBag } from '../api/coupons';

/**
 * The tenant's gift bag of coupons, claimed once per account (spec §1). `shown` is false when the
 * tenant has none to give.
 */
export function useGiftBagClaim() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bag = useGiftBag();
  const [claiming, setClaiming] = useState(false);

  const claim = async () => {
    setClaiming(true);
    try {
      await claimGiftBag();
      notify(t('commerce.giftBag.claimedNow'), 'success');
      await refreshCoupons(queryClient);
    } catch {
      // The request layer has shown why.
    } finally {
      setClaiming(false);
    }
  };

  return { bag: bag.data, shown: !!bag.data && (bag.data.available || bag.data.claimed), claiming, claim };
}

/** A redeem code (spec §5: required, up to 20 letters or digits, either case) turns into coupons. */
export function useRedeemCode() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  /** Why the code as typed is refused before it is sent. */
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const redeem = async () => {
    const checked = redeemCodeSchema.safeParse(code);
    if (!checked.success) {
      setProblem(issueText(checked.error.issues[0]?.message ?? ''));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const coupons = await redeemCode(checked.data);
      notify(t('commerce.redeem.done', { count: coupons.length }), 'success');
      setCode('');
      await refreshCoupons(queryClient);
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, problem, busy, redeem };
}
