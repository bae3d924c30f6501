import { useTranslation } from 'react-i18next';
import type { Template } from '@cloudphone/contracts/templates';
import type { confirmAction } from '../../../components/confirm-action';
import { shortName } from '../../../components/Name';
import { notify } from '../../../stores/notifications';
import { deleteTemplate, makeTemplate, useRefreshTemplates } from '../api/templates';

/** Making a template of a phone, and deleting one — asked first through the shell's `confirm` (spec §5). */
export function useTemplateActions(confirm: typeof confirmAction) {
  const { t } = useTranslation();
  const refresh = useRefreshTemplates();
  return {
    /** Resolves once the template is under way; the lists are read again behind it. */
    make: async (userPhoneId: number, name: string) => {
      await makeTemplate(userPhoneId, name);
      notify(t('templates.make.started'), 'success');
      void refresh();
    },
    remove: async (template: Template) => {
      const confirmed = await confirm({
        content: t('templates.deleteConfirm', { name: shortName(template.name) }),
        confirmText: t('templates.delete'),
        danger: true,
      });
      if (!confirmed) return;
      try {
        await deleteTemplate(template.templateId);
        notify(t('templates.deleted'), 'success');
      } finally {
        await refresh();
      }
    },
  };
}
