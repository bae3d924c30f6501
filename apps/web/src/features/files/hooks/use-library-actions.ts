import { useTranslation } from 'react-i18next';
import type { UserFile } from '@cloudphone/contracts/files';
import type { confirmAction } from '../../../components/confirm-action';
import { shortName } from '../../../components/Name';
import { notify } from '../../../stores/notifications';
import { deleteFile, pushFiles, useRefreshLibrary } from '../api/files';

/**
 * Deleting a library file, asked first through the shell's `confirm` (spec §5), and pushing files to
 * phones — installing the apps when `install` is on.
 */
export function useLibraryActions(confirm: typeof confirmAction) {
  const { t } = useTranslation();
  const refresh = useRefreshLibrary();
  return {
    /** True when the file is gone. */
    remove: async (file: UserFile): Promise<boolean> => {
      if (!(await confirm({ content: t('files.deleteConfirm', { name: shortName(file.name) }), danger: true })))
        return false;
      await deleteFile(file.fileId);
      notify(t('files.deleted'), 'success');
      await refresh();
      return true;
    },
    /** The push's batch, whose progress `usePushProgress` follows. */
    push: async (fileIds: number[], userPhoneIds: number[], install: boolean): Promise<string> => {
      const { batchId } = await pushFiles(fileIds, userPhoneIds, install);
      notify(t('files.pushStarted'), 'success');
      return batchId;
    },
  };
}
