import { track } from '../../../lib/tracking';
import { useState } from 'react';
import { Form, Input, Tabs } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordLoginBody, SmsScene } from '@cloudphone/contracts/auth';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { MobileFormItem } from '../../../components/MobileFormItem';
import { SmsCodeFormItem } from '../../../components/SmsCodeFormItem';
import { schemaRule } from '../../../lib/form-rules';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { session } from '../../../stores/session';
import { passwordLogin, smsLogin } from '../api/login';
import { sendSmsCode } from '../api/send-sms-code';
import { AgreementCheck } from './AgreementCheck';
import { SubmitForm } from '../../../components/SubmitForm';

type Mode = 'password' | 'sms';

interface LoginValues {
  mobile: string;
  password?: string;
  code?: string;
}

/**
 * Log in by phone and password, or by phone and SMS code (spec §1). A server refusal (wrong password,
 * wrong or expired code) is shown by the request layer; the form only checks what it can itself.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const clientNo = useClientNo();
  const [form] = Form.useForm<LoginValues>();
  const [mode, setMode] = useState<Mode>('password');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    await sendSmsCode(mobile.trim(), SmsScene.login);
    return true;
  };

  const logIn = async ({ mobile, password = '', code = '' }: LoginValues) => {
    if (!agreed) {
      notify(errorMessage('agreementRequired', currentLanguage()));
      return;
    }
    setSubmitting(true);
    try {
      const body = { mobile: mobile.trim() };
      const tokens =
        mode === 'password' ? await passwordLogin({ ...body, password }) : await smsLogin({ ...body, code });
      // Keeping the tokens moves the app on to `redirect` or home (lib/routing/navigation.ts).
      await session.login(tokens);
      track('login', { method: mode });
    } catch {
      // The request layer has shown why.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="cp-login__form">
      <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)}>
        <Tabs.Tab key="password" title={t('auth.passwordTab')} />
        <Tabs.Tab key="sms" title={t('auth.smsTab')} />
      </Tabs>
      <SubmitForm
        form={form}
        onSubmit={(values: LoginValues) => void logIn(values)}
        submitLabel={t('auth.login')}
        submitting={submitting}
      >
        <MobileFormItem />
        {mode === 'password' ? (
          <Form.Item name="password" label={t('form.password')} rules={[schemaRule(passwordLoginBody.shape.password)]}>
            <Input type="password" placeholder={t('form.passwordPlaceholder')} autoComplete="current-password" />
          </Form.Item>
        ) : (
          <SmsCodeFormItem onSend={sendCode} />
        )}
      </SubmitForm>
      {mode === 'sms' && <p className="cp-login__hint">{t('auth.smsHint')}</p>}
      <AgreementCheck checked={agreed} onChange={setAgreed} />
      <Link className="cp-login__forgot" to={`/forget-password/${clientNo}`}>
        {t('auth.forgotPassword')}
      </Link>
    </div>
  );
}
