import { useState } from 'react';
import { Dialog, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { issueText } from '../lib/form-rules';
import './NameDialog.css';

/** A contracts name rule, seen only as far as the dialog needs it (the web does not load zod's types itself). */
interface NameSchema {
  safeParse(
    value: string,
  ): { success: true; data: string } | { success: false; error: { issues: readonly { message: string }[] } };
}

interface NameDialogProps {
  title: string;
  /** The current name; empty for a new one. */
  name?: string;
  /** The rule the name keeps (spec §5); its first issue is shown under the field. */
  schema: NameSchema;
  placeholder: string;
  /** What a screen reader calls the field; the placeholder when it says enough. */
  label?: string;
  /** Saves the checked name; a rejection (already shown by the request layer) keeps the dialog open. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a name — of a phone, a group, the user — and checks it before saving. Mounted while open. */
export function NameDialog({ title, name = '', schema, placeholder, label, onSave, onClose }: NameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const result = schema.safeParse(value);
    if (!result.success) {
      setError(issueText(result.error.issues[0]?.message ?? 'nameInvalid'));
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
        <div className="cp-name-dialog">
          <Input
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            placeholder={placeholder}
            aria-label={label ?? placeholder}
            autoFocus
            clearable
            onEnterPress={() => void save()}
          />
          {error && <p className="cp-name-dialog__error">{error}</p>}
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
