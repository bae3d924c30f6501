import { useState } from 'react';
import { Dialog, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { nameSchema } from '@cloudphone/contracts/validation';
import { issueText } from '../../../lib/form-rules';
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
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = usePhoneOperation(renamePhone, 'operationFailed');

  const save = () => {
    const result = nameSchema.safeParse(value);
    if (!result.success) return setError(issueText(result.error.issues[0]?.message ?? 'nameInvalid'));
    rename.mutate(
      { userPhoneId, name: result.data },
      {
        onSuccess: () => {
          notify(t('phoneView.rename.saved'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      visible
      title={t('phoneView.tools.rename')}
      onClose={onClose}
      content={
        <div className="cp-rename-dialog">
          <Input
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            placeholder={t('phoneView.rename.placeholder')}
            aria-label={t('phoneView.rename.placeholder')}
            autoFocus
            clearable
          />
          {error && <p className="cp-rename-dialog__error">{error}</p>}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          { key: 'save', text: t('common.confirm'), bold: true, disabled: rename.isPending, onClick: save },
        ],
      ]}
    />
  );
}
