import { useState } from 'react';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SmsScene } from '@cloudphone/contracts/auth';
import { SmsCodeFormItem } from '../../../components/SmsCodeFormItem';
import { sendCodeToOwnMobile } from '../api/send-code';
import { validateOwnMobileCode } from '../api/mobile-binding';

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
      <Form
        layout="horizontal"
        onFinish={(values: { code: string }) => void verify(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={checking}>
            {t('binding.next')}
          </Button>
        }
      >
        <SmsCodeFormItem onSend={sendCode} />
      </Form>
    </>
  );
}
