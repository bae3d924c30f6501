import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { passwordLoginBody, SmsScene } from '@cloudphone/contracts/auth';
import { errorMessage } from '@cloudphone/contracts/errors';
import { mobileSchema } from '@cloudphone/contracts/validation';
import { passwordLogin, smsLogin } from '../../features/auth/api/login';
import { sendSmsCode } from '../../features/auth/api/send-sms-code';
import { schemaRule } from '../../lib/form-rules';
import { currentLanguage } from '../../lib/i18n/index';
import { track } from '../../lib/tracking';
import { notify } from '../../stores/notifications';
import { session, useSession } from '../../stores/session';
import { askShell, insideShell, useShellState } from '../shell-bridge';

type Mode = 'password' | 'sms';

/**
 * The desktop login (spec §2): password or SMS code (an unknown number is registered), the agreements,
 * and — inside the shell — another account side by side, in a browser profile of its own.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useParams().clientNo ?? '';
  const signedIn = useSession((s) => s.token !== null);
  const shell = useShellState();
  const [mode, setMode] = useState<Mode>('password');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<{ mobile: string; password?: string; code?: string }>();

  useEffect(() => {
    if (signedIn) void navigate(`/${clientNo}`, { replace: true });
  }, [signedIn, clientNo, navigate]);

  const logIn = async ({ mobile, password = '', code = '' }: { mobile: string; password?: string; code?: string }) => {
    if (!agreed) return notify(errorMessage('agreementRequired', currentLanguage()));
    setSubmitting(true);
    try {
      const tokens = mode === 'password' ? await passwordLogin({ mobile, password }) : await smsLogin({ mobile, code });
      await session.login(tokens);
      track('login', { method: mode, face: 'desktop' });
    } catch {
      // The request layer has shown why.
    } finally {
      setSubmitting(false);
    }
  };
  const sendCode = async () => {
    const mobile = await form.validateFields(['mobile']).then((v) => v.mobile);
    await sendSmsCode(mobile, SmsScene.login).then(() => notify(t('sms.sent'), 'success'));
  };

  return (
    <div className="cp-desk-login">
      <Card className="cp-desk-login__card" title={useSession.getState().aboutApp?.clientName ?? 'Cloudphone'}>
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as Mode)}
          items={[
            { key: 'password', label: t('auth.passwordTab') },
            { key: 'sms', label: t('auth.smsTab') },
          ]}
        />
        <Form form={form} layout="vertical" onFinish={(values) => void logIn(values)} requiredMark={false}>
          <Form.Item name="mobile" label={t('form.mobile')} rules={[schemaRule(mobileSchema)]}>
            <Input placeholder={t('form.mobilePlaceholder')} autoComplete="username" />
          </Form.Item>
          {mode === 'password' ? (
            <Form.Item
              name="password"
              label={t('form.password')}
              rules={[schemaRule(passwordLoginBody.shape.password)]}
            >
              <Input.Password placeholder={t('form.passwordPlaceholder')} autoComplete="current-password" />
            </Form.Item>
          ) : (
            <Form.Item label={t('sms.code')} extra={t('auth.smsHint')}>
              <Space.Compact block>
                <Form.Item name="code" noStyle>
                  <Input placeholder={t('sms.codePlaceholder')} autoComplete="one-time-code" />
                </Form.Item>
                <Button onClick={() => void sendCode().catch(() => undefined)}>{t('sms.send')}</Button>
              </Space.Compact>
            </Form.Item>
          )}
          <Form.Item>
            <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
              {t('auth.agreePrefix')}{' '}
              <a href={`/app/user-agreement/${clientNo}`} target="_blank" rel="noreferrer">
                {t('routes.userAgreement')}
              </a>{' '}
              {t('auth.and')}{' '}
              <a href={`/app/privacy-agreement/${clientNo}`} target="_blank" rel="noreferrer">
                {t('routes.privacyAgreement')}
              </a>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('auth.login')}
          </Button>
        </Form>
        <Space className="cp-desk-login__more" split="·">
          <a href={`/app/forget-password/${clientNo}`} target="_blank" rel="noreferrer">
            {t('auth.forgotPassword')}
          </a>
          {insideShell() && (
            <Typography.Link
              onClick={() => askShell({ type: 'openAccount', account: `account-${(shell?.accounts.length ?? 1) + 1}` })}
            >
              {t('desktop.account.add')}
            </Typography.Link>
          )}
        </Space>
      </Card>
    </div>
  );
}
