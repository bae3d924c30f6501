import { useTranslation } from 'react-i18next';
import { nameSchema } from '@cloudphone/contracts/validation';
import { NameDialog } from '../../../components/NameDialog';
import { notify } from '../../../stores/notifications';
import { renamePhone, usePhoneOperation } from '../api/phone-operations';

/** Renames the phone: 1 to 20 characters (spec §5). Mounted while open, so it starts from `name`. */
export function RenameDialog({
  userPhoneId,
  name,
  onClose,
}: {
  userPhoneId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rename = usePhoneOperation(renamePhone, 'operationFailed');
  const save = async (newName: string) => {
    await rename.mutateAsync({ userPhoneId, name: newName });
    notify(t('phoneView.rename.saved'), 'success');
  };
  return (
    <NameDialog
      title={t('phoneView.tools.rename')}
      name={name}
      schema={nameSchema}
      placeholder={t('phoneView.rename.placeholder')}
      onSave={save}
      onClose={onClose}
    />
  );
}
