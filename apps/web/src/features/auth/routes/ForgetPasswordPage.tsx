import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SmsScene } from '@cloudphone/contracts/auth';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { MobileFormItem } from '../../../components/MobileFormItem';
import { PasswordPairFormItems } from '../../../components/PasswordPairFormItems';
import { SmsCodeFormItem } from '../../../components/SmsCodeFormItem';
import { notify } from '../../../stores/notifications';
import { resetPassword, type ResetPasswordBody } from '../api/reset-password';
import { sendSmsCode } from '../api/send-sms-code';
import { SubmitForm } from '../../../components/SubmitForm';

/** Sets a new password with a code sent to the account's number, then back to login. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [form] = Form.useForm<ResetPasswordBody>();
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    await sendSmsCode(mobile.trim(), SmsScene.resetPassword);
    return true;
  };

  const submit = async (values: ResetPasswordBody) => {
    setSubmitting(true);
    try {
      await resetPassword({ ...values, mobile: values.mobile.trim() });
      notify(t('auth.passwordReset'), 'success');
      void navigate(pathFor('login', clientNo), { replace: true });
    } catch {
      // The request layer has shown why.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SubmitForm
      form={form}
      onSubmit={(values: ResetPasswordBody) => void submit(values)}
      submitLabel={t('auth.resetSubmit')}
      submitting={submitting}
    >
      <MobileFormItem />
      <SmsCodeFormItem onSend={sendCode} />
      <PasswordPairFormItems />
    </SubmitForm>
  );
}
