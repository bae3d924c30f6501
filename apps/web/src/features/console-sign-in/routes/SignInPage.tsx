import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperatorSession } from '../../../stores/operator-session';

interface SignInForm {
  tenantId?: number | null;
  login: string;
  password: string;
  code: string;
}

/** An operator signs in to the console: its merchant, login and password, and the authenticator's code. */
export function SignInPage() {
  const { t } = useTranslation('console');
  const signIn = useOperatorSession((s) => s.signIn);
  const [busy, setBusy] = useState(false);
  const required = (field: string) => [{ required: true, message: t('signIn.required', { field }) }];
  const submit = async ({ tenantId, login, password, code }: SignInForm) => {
    setBusy(true);
    // A refusal is shown by the request layer, in the catalogue's words; the form keeps what was typed.
    await signIn({ tenantId: tenantId ?? undefined, login, password, code }).catch(() => undefined);
    setBusy(false);
  };
  return (
    <div className="cp-console-sign-in">
      <Card>
        <Typography.Title level={3}>{t('signIn.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('signIn.subtitle')}</Typography.Paragraph>
        <Form<SignInForm> layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item name="tenantId" label={t('signIn.tenant')} extra={t('signIn.tenantHint')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="login" label={t('signIn.login')} rules={required(t('signIn.login'))}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={required(t('signIn.password'))}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('signIn.code')}
            extra={t('signIn.codeHint')}
            rules={required(t('signIn.code'))}
          >
            <Input.OTP length={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('signIn.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
