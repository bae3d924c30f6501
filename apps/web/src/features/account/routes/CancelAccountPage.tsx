import { useState } from 'react';

import { useTranslation } from 'react-i18next';
import { SmsScene } from '@cloudphone/contracts/auth';
import { confirmAction } from '../../../components/confirm-action';
import { SmsCodeFormItem } from '../../../components/SmsCodeFormItem';
import { notify } from '../../../stores/notifications';
import { session } from '../../../stores/session';
import { sendCodeToOwnMobile } from '../api/send-code';
import { unregister } from '../api/unregister';
import { useAccountDisplay } from '../hooks/use-account-display';
import '../account.css';
import { SubmitForm } from '../../../components/SubmitForm';

/** Cancels the account after a code to its own number and a last confirmation, then logs out. */
export default function CancelAccountPage() {
  const { t } = useTranslation();
  const { mobile } = useAccountDisplay();
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    await sendCodeToOwnMobile(SmsScene.unregister);
    return true;
  };

  const cancelAccount = async ({ code }: { code: string }) => {
    const confirmed = await confirmAction({
      title: t('cancelAccount.confirmTitle'),
      content: t('cancelAccount.confirmText'),
      confirmText: t('cancelAccount.submit'),
      danger: true,
    });
    if (!confirmed) return;
    setSubmitting(true);
    try {
      await unregister(code);
      notify(t('cancelAccount.done'), 'success');
      await session.logout();
    } catch {
      // The request layer has shown why (wrong or expired code).
      setSubmitting(false);
    }
  };

  return (
    <div className="cp-cancel-account">
      <section className="cp-cancel-account__intro">
        <h2>{t('cancelAccount.title')}</h2>
        <p>{t('cancelAccount.intro')}</p>
        <ul>
          <li>{t('cancelAccount.loseData')}</li>
          <li>{t('cancelAccount.loseOrders')}</li>
          <li>{t('cancelAccount.noLogin')}</li>
        </ul>
      </section>
      <p className="cp-account__note">{t('cancelAccount.codeHint', { mobile })}</p>
      <SubmitForm
        onSubmit={(values: { code: string }) => void cancelAccount(values)}
        submitLabel={t('cancelAccount.submit')}
        submitting={submitting}
        danger
      >
        <SmsCodeFormItem onSend={sendCode} />
      </SubmitForm>
    </div>
  );
}
