import type { ActivationState } from '@cloudphone/contracts/promotion';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { StatusTagColor } from '../../../components/phones/phone-status';

/** States the page shows in its own words: the code's progress and its success. */
export type ActivationProgress = Extract<ActivationState, 'waiting' | 'activating' | 'success'>;
type ActivationRefusal = Exclude<ActivationState, ActivationProgress>;

/** A code's progress on a tag. */
export const ACTIVATION_PROGRESS_COLOR: Record<ActivationProgress, StatusTagColor> = {
  waiting: 'default',
  activating: 'primary',
  success: 'success',
};

/** Why a code was refused, as the error catalogue says it (spec §8). */
const REFUSALS: Record<ActivationRefusal, ErrorKey> = {
  not_exist: 'activationCodeNotExist',
  activated: 'activationCodeUsed',
  expired: 'activationCodeExpired',
  no_stock: 'activationCodeNoStock',
  spec_mismatch: 'activationCodeSpecMismatch',
  renewal_only: 'activationCodeRenewalOnly',
  purchase_only: 'activationCodePurchaseOnly',
  mixed_packages: 'activationCodeMixedPackages',
};

/** The catalogue message of a refused code; null for a code still waiting, activating or activated now. */
export function activationRefusal(state: ActivationState): ErrorKey | null {
  return state in REFUSALS ? REFUSALS[state as ActivationRefusal] : null;
}

/** A code whose outcome is known: it is not activated again. */
export function isSettled(state: ActivationState): boolean {
  return state !== 'waiting' && state !== 'activating';
}
