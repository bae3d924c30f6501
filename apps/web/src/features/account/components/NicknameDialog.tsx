import { useState } from 'react';
import { Dialog, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nameSchema } from '@cloudphone/contracts/validation';
import { issueText } from '../../../lib/form-rules';
import { notify } from '../../../stores/notifications';
import { getUserInfoQueryOptions, updateUser } from '../api/user-info';

/** Changes the nickname: 1 to 20 characters (spec §5). Mounted while open, so it starts from `nickname`. */
export function NicknameDialog({ nickname, onClose }: { nickname: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(nickname);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const result = nameSchema.safeParse(value);
    if (!result.success) {
      setError(issueText(result.error.issues[0]?.message ?? 'nameInvalid'));
      return;
    }
    setSaving(true);
    try {
      await updateUser({ nickname: result.data });
      await queryClient.invalidateQueries(getUserInfoQueryOptions());
      notify(t('account.saved'), 'success');
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
      title={t('account.editNickname')}
      onClose={onClose}
      content={
        <div className="cp-nickname-dialog">
          <Input
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            placeholder={t('account.nicknamePlaceholder')}
            aria-label={t('account.nickname')}
            autoFocus
            clearable
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
