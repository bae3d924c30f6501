import { Form, Input, Popup, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ADB_KEY_NAME_MAX, ADB_PUBLIC_KEY_MAX_LENGTH } from '@cloudphone/contracts/adb';
import { SubmitForm } from '../../../components/SubmitForm';
import { notify } from '../../../stores/notifications';
import { useAddAdbKey } from '../api/adb';

/** Adds a computer's `adbkey.pub` to the account under a name; a refusal keeps what was typed. */
export function AddAdbKeyPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const adding = useAddAdbKey();
  const submit = (values: { name: string; publicKey: string }) =>
    adding.mutate(values, {
      onSuccess: () => {
        notify(t('adb.keys.added'));
        onClose();
      },
    });

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="cp-sheet" aria-label={t('adb.keys.add')}>
        <h3 className="cp-sheet__title">{t('adb.keys.add')}</h3>
        <SubmitForm onSubmit={submit} submitLabel={t('adb.keys.add')} submitting={adding.isPending}>
          <Form.Item
            name="name"
            label={t('adb.keys.name')}
            rules={[{ required: true, whitespace: true, message: t('adb.keys.nameRequired') }]}
          >
            <Input placeholder={t('adb.keys.namePlaceholder')} maxLength={ADB_KEY_NAME_MAX} clearable />
          </Form.Item>
          <Form.Item
            name="publicKey"
            label={t('adb.keys.publicKey')}
            layout="vertical"
            rules={[{ required: true, whitespace: true, message: t('adb.keys.keyRequired') }]}
          >
            <TextArea placeholder={t('adb.keys.publicKeyPlaceholder')} rows={5} maxLength={ADB_PUBLIC_KEY_MAX_LENGTH} />
          </Form.Item>
        </SubmitForm>
      </div>
    </Popup>
  );
}
