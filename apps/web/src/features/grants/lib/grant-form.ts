import i18next from 'i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { maxGrantDays, type CreateGrantBody, type GrantPermission } from '@cloudphone/contracts/grants';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { grantAccountSchema, grantDaysSchema } from '@cloudphone/contracts/validation';
import { issueText } from '../../../lib/form-rules';
import { currentLanguage } from '../../../lib/i18n/index';

/** To a named account (mobile or UID), or as a grant code anyone may redeem. */
export type GrantMethod = 'account' | 'code';

/** The add-grant form as typed. */
export interface GrantDraft {
  method: GrantMethod;
  account: string;
  permission: GrantPermission;
  days: string;
}

/** Why a phone cannot be granted now, as far as the list tells (spec §6: one grant at a time, in time). */
export function grantRefusal(phone: UserPhone, now: number): 'grantedOut' | 'expired' | null {
  if (phone.authorized) return 'grantedOut';
  if (maxGrantDays(phone.expireTime - now) < 1) return 'expired';
  return null;
}

/** The most days every one of `phones` can be granted for (spec §5: within each one's remaining time). */
export function maxGrantDaysOf(phones: readonly UserPhone[], now: number): number {
  return phones.length === 0 ? 0 : Math.min(...phones.map((p) => maxGrantDays(p.expireTime - now)));
}

export type CheckedGrantDraft = { ok: false; problem: string } | { ok: true; grants: CreateGrantBody[] };

/**
 * The add-grant form checked (spec §5): why it cannot be sent, in the user's language, or the grants
 * to make, one per phone that can be granted.
 */
export function checkGrantDraft(phones: readonly UserPhone[], draft: GrantDraft, now: number): CheckedGrantDraft {
  const usable = phones.filter((p) => grantRefusal(p, now) === null);
  const days = grantDaysSchema.safeParse(draft.days.trim());
  const account = grantAccountSchema.safeParse(draft.account);
  if (usable.length === 0) return { ok: false, problem: i18next.t('grants.form.choosePhone') };
  if (draft.method === 'account' && !account.success)
    return { ok: false, problem: issueText(account.error.issues[0]?.message ?? '') };
  if (!days.success || days.data > maxGrantDaysOf(usable, now))
    return { ok: false, problem: errorMessage('grantInvalid', currentLanguage()) };
  const to = draft.method === 'account' && account.success ? { account: account.data } : {};
  return {
    ok: true,
    grants: usable.map((p) => ({ userPhoneId: p.userPhoneId, days: days.data, permission: draft.permission, ...to })),
  };
}
