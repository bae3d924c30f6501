import { useState } from 'react';
import { Dialog, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { groupNameSchema } from '@cloudphone/contracts/validation';
import { issueText } from '../../../lib/form-rules';

interface GroupNameDialogProps {
  title: string;
  /** The current name when renaming; empty for a new group. */
  name?: string;
  /** Saves the checked name; a rejection (shown by the request layer) keeps the dialog open. */
  onSave: (groupName: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a group name: required, 1 to 20 characters (spec §5). Mounted while open. */
export function GroupNameDialog({ title, name = '', onSave, onClose }: GroupNameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const result = groupNameSchema.safeParse(value);
    if (!result.success) {
      setError(issueText(result.error.issues[0]?.message ?? 'groupNameRequired'));
      return;
    }
    setSaving(true);
    try {
      await onSave(result.data);
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      visible
      title={title}
      onClose={onClose}
      content={
        <div className="cp-group-name-dialog">
          <Input
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            placeholder={t('groups.namePlaceholder')}
            aria-label={t('groups.nameLabel')}
            autoFocus
            clearable
            onEnterPress={() => void save()}
          />
          {error && <p className="cp-field-error">{error}</p>}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          { key: 'save', text: t('common.confirm'), bold: true, disabled: saving, onClick: () => void save() },
        ],
      ]}
    />
  );
}
