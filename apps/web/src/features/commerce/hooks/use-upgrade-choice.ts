import { useState } from 'react';
import type { OrderRequest, UpgradeOption } from '@cloudphone/contracts/commerce';
import { ERRORS } from '@cloudphone/contracts/errors';
import { RequestError } from '../../../lib/request';
import { useUpgradeOptions } from '../api/orders';

/** Refusals that renewing the phone first would lift (spec §4: a trial needs renewal; too little time left). */
const RENEWAL_HELPS: readonly number[] = [ERRORS.trialNeedsRenewal.code, ERRORS.upgradeTooLittleTime.code];

/**
 * An upgrade of one phone as chosen (spec §1): the higher grade (the first offered until one is
 * picked), paid as the difference in time value, and whether renewing first would lift a refusal.
 */
export function useUpgradeChoice(userPhoneId: number) {
  const options = useUpgradeOptions(userPhoneId);
  const [gradeId, setGradeId] = useState<number | null>(null);
  const option = options.data?.find((o) => o.gradeId === gradeId) ?? options.data?.[0];
  const order: OrderRequest | null = option
    ? { skuType: 'upgrade', userPhoneId, gradeId: option.gradeId, couponId: null }
    : null;
  const refusal = options.error instanceof RequestError ? options.error.code : 0;
  return {
    options,
    option,
    chooseOption: (o: UpgradeOption) => setGradeId(o.gradeId),
    order,
    renewalHelps: RENEWAL_HELPS.includes(refusal),
  };
}
