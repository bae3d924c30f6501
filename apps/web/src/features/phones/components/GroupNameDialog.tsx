import { useTranslation } from 'react-i18next';
import { groupNameSchema } from '@cloudphone/contracts/validation';
import { NameDialog } from '../../../components/NameDialog';

interface GroupNameDialogProps {
  title: string;
  /** The current name when renaming; empty for a new group. */
  name?: string;
  onSave: (groupName: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a group name: required, 1 to 20 characters (spec §5). Mounted while open. */
export function GroupNameDialog(props: GroupNameDialogProps) {
  const { t } = useTranslation();
  return (
    <NameDialog
      {...props}
      schema={groupNameSchema}
      placeholder={t('groups.namePlaceholder')}
      label={t('groups.nameLabel')}
    />
  );
}
