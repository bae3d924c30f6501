import { useState } from 'react';

import { useTranslation } from 'react-i18next';
import { SmsScene } from '@cloudphone/contracts/auth';
import { SmsCodeFormItem } from '../../../components/SmsCodeFormItem';
import { sendCodeToOwnMobile } from '../api/send-code';
import { validateOwnMobileCode } from '../api/mobile-binding';
import { SubmitForm } from '../../../components/SubmitForm';

/** Step 2 of a number change: a code to the current number proves the owner; it yields a ticket. */
export function VerifyOwnMobileStep({ mobile, onVerified }: { mobile: string; onVerified: (ticket: string) => void }) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);

  const sendCode = async () => {
    await sendCodeToOwnMobile(SmsScene.changeMobile);
    return true;
  };

  const verify = async ({ code }: { code: string }) => {
    setChecking(true);
    try {
      onVerified((await validateOwnMobileCode(code)).ticket);
    } catch {
      // The request layer has shown why (wrong or expired code).
      setChecking(false);
    }
  };

  return (
    <>
      <p className="cp-account__note">{t('binding.verifyHint', { mobile })}</p>
      <SubmitForm
        onSubmit={(values: { code: string }) => void verify(values)}
        submitLabel={t('binding.next')}
        submitting={checking}
      >
        <SmsCodeFormItem onSend={sendCode} />
      </SubmitForm>
    </>
  );
}
