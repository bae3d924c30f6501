import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm-action';
import { notify } from '../../../stores/notifications';
import { createGroup, deleteGroup, renameGroup, useRefreshPhones, type PhoneGroup } from '../api/phone-groups';

/** Create, rename and delete a group, each followed by a fresh home list and group counts. */
export function useGroupActions() {
  const { t } = useTranslation();
  const refresh = useRefreshPhones();
  return {
    create: async (groupName: string) => {
      const { groupId } = await createGroup(groupName);
      notify(t('groups.created'), 'success');
      await refresh();
      return groupId;
    },
    rename: async (group: PhoneGroup, groupName: string) => {
      await renameGroup(group.groupId, groupName);
      notify(t('groups.renamed'), 'success');
      await refresh();
    },
    /** Asks first (spec §5); true when the group is gone. */
    remove: async (group: PhoneGroup): Promise<boolean> => {
      const confirmed = await confirmAction({
        content: t('groups.deleteConfirm', { name: group.groupName }),
        confirmText: t('groups.delete'),
        danger: true,
      });
      if (!confirmed) return false;
      try {
        await deleteGroup(group.groupId);
      } catch {
        return false; // The request layer has shown why.
      }
      notify(t('groups.deleted'), 'success');
      await refresh();
      return true;
    },
  };
}
