import { useState } from 'react';
import { Button, Input, Popup, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { nameSchema } from '@cloudphone/contracts/validation';
import { issueText } from '../../../lib/form-rules';
import { Name } from '../../../components/Name';

interface MakeTemplatePopupProps {
  /** The phones a template can be made of: the user's own. */
  phones: readonly UserPhone[];
  /** The phone chosen where the user came from (the phone view, batch operation). */
  initialPhoneId: number | null;
  onSubmit: (userPhoneId: number, name: string) => Promise<void>;
  onClose: () => void;
}

/** Makes a template of one phone: which phone, and its name (1 to 20 characters, spec §5). */
export function MakeTemplatePopup({ phones, initialPhoneId, onSubmit, onClose }: MakeTemplatePopupProps) {
  const { t } = useTranslation();
  const initial = phones.find((p) => p.userPhoneId === initialPhoneId) ?? null;
  const [phoneId, setPhoneId] = useState<number | null>(initial?.userPhoneId ?? null);
  const [name, setName] = useState(initial?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return setError(issueText(parsed.error.issues[0]?.message ?? 'nameInvalid'));
    if (phoneId === null) return setError(t('templates.make.pickPhone'));
    setBusy(true);
    try {
      await onSubmit(phoneId, parsed.data);
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose}>
      <div className="cp-template-popup__body" role="dialog" aria-label={t('templates.make.title')}>
        <h3 className="cp-template-popup__title">{t('templates.make.title')}</h3>
        <p className="cp-template-popup__hint">{t('templates.make.hint')}</p>
        <div className="cp-template-popup__label">{t('templates.make.phone')}</div>
        <Radio.Group value={phoneId ?? undefined} onChange={(value) => setPhoneId(Number(value))}>
          <div className="cp-template-popup__phones">
            {phones.map((phone) => (
              <Radio key={phone.userPhoneId} value={phone.userPhoneId} className="cp-template-popup__phone">
                <Name value={phone.name} />
              </Radio>
            ))}
          </div>
        </Radio.Group>
        <div className="cp-template-popup__label">{t('templates.make.name')}</div>
        <Input
          className="cp-template-popup__name"
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          placeholder={t('templates.make.namePlaceholder')}
          aria-label={t('templates.make.name')}
          clearable
        />
        {error && (
          <p className="cp-template-popup__error" role="alert">
            {error}
          </p>
        )}
        <Button block color="primary" loading={busy} onClick={() => void submit()}>
          {t('templates.make.submit')}
        </Button>
      </div>
    </Popup>
  );
}
