import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PHONE_BUSY_KINDS, type UserPhone } from '@cloudphone/contracts/phones';
import type { CloneTarget, Template } from '@cloudphone/contracts/templates';
import type { confirmAction } from '../../../components/confirm-action';
import { shortName } from '../../../components/Name';
import { useAllPhones } from '../../../lib/phone-pages';
import { cloneTemplate, usePhoneSystems, useRefreshTemplates } from '../api/templates';
import { holdsFor } from '../../../lib/phone-rules';

const BUSY: readonly string[] = [...PHONE_BUSY_KINDS, 'expired'];

/**
 * The phones a template may be cloned onto: the user's own (granted ones are not theirs to clone
 * over), each with its Android version, and why one cannot be chosen — busy, expired, or of another
 * Android version than the template's (spec: a template clones only onto phones of its version).
 */
export function useClonePhones(template: Template | null) {
  const { t } = useTranslation();
  const phones = useAllPhones();
  const own = phones.phones.filter((p) => holdsFor(p, 'clone'));
  const systems = usePhoneSystems(own.map((p) => p.userPhoneId));
  const unavailable = (phone: UserPhone): string | null => {
    if (BUSY.includes(phone.status)) return t(`phones.status.${phone.status as 'cloning'}`);
    const android = systems.data?.get(phone.userPhoneId);
    if (template && android && android !== template.android) return t('templates.clonePage.otherAndroid', { android });
    return null;
  };
  return { phones, own, systems, unavailable, ready: phones.complete && !systems.isPending };
}

/**
 * Clones a template onto phones once the user has agreed (it replaces their apps and data); the
 * clone's id, or null when they did not agree. The lists are read again whatever the server said.
 */
export function useStartClone(confirm: typeof confirmAction) {
  const { t } = useTranslation();
  const refresh = useRefreshTemplates();
  return async (template: Template, userPhoneIds: number[], newMachine: boolean): Promise<number | null> => {
    const confirmed = await confirm({
      content: t('templates.clonePage.confirm', { count: userPhoneIds.length, name: shortName(template.name) }),
      confirmText: t('templates.clone'),
      danger: true,
    });
    if (!confirmed) return null;
    try {
      return (await cloneTemplate(template.templateId, userPhoneIds, newMachine)).cloneId;
    } finally {
      // The progress shows at once; the lists and the phones' states follow.
      void refresh();
    }
  };
}

const ended = (target: CloneTarget) => target.state === 'success' || target.state === 'failed';

/** The whole clone's progress, 0–100: each phone's, a phone that ended counting as done. */
export const cloneProgress = (targets: readonly CloneTarget[]) =>
  targets.reduce((sum, x) => sum + (ended(x) ? 100 : x.progress), 0) / Math.max(1, targets.length);

/** How a phone of a clone stands, in words: waiting, its progress, done, or why it failed. */
export function cloneTargetText(target: CloneTarget, t: TFunction): string {
  if (target.state === 'success') return t('templates.target.success');
  if (target.state === 'failed') return t(`templates.target.reason.${target.reason ?? 'failed'}`);
  return target.state === 'waiting' ? t('templates.target.waiting') : `${target.progress}%`;
}
