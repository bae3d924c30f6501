import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nameSchema } from '@cloudphone/contracts/validation';
import { NameDialog } from '../../../components/NameDialog';
import { notify } from '../../../stores/notifications';
import { getUserInfoQueryOptions, updateUser } from '../api/user-info';

/** Changes the nickname: 1 to 20 characters (spec §5). Mounted while open, so it starts from `nickname`. */
export function NicknameDialog({ nickname, onClose }: { nickname: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = async (name: string) => {
    await updateUser({ nickname: name });
    await queryClient.invalidateQueries(getUserInfoQueryOptions());
    notify(t('account.saved'), 'success');
  };
  return (
    <NameDialog
      title={t('account.editNickname')}
      name={nickname}
      schema={nameSchema}
      placeholder={t('account.nicknamePlaceholder')}
      label={t('account.nickname')}
      onSave={save}
      onClose={onClose}
    />
  );
}
