import { Suspense, useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  App as AntdApp,
  Button,
  ConfigProvider,
  InputNumber,
  Layout,
  Menu,
  Popconfirm,
  Spin,
  Tag,
  Typography,
} from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { operatorMay } from '@cloudphone/contracts/operators';
import { changeConsoleLanguage } from '../lib/i18n/console';
import { queryClient } from '../lib/query-client';
import { connectNotifications } from '../lib/request';
import { useOperatorSession } from '../stores/operator-session';
import { SignInPage } from '../features/console-sign-in/routes/SignInPage';
import { SECTIONS, type ConsoleSection } from './sections';

/**
 * The console (issue 62; DESIGN §10), the web app's third shell: a merchant's staff at /console/, in
 * antd, on a computer. It mounts the `console-*` features — which the customer shells never import —
 * and shows an operator only the sections its role may open (the role table).
 */
export function ConsoleApp() {
  const { i18n } = useTranslation('console');
  return (
    <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS} theme={{ token: { colorPrimary: '#5060ff' } }}>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/console">
            <ConsoleRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

function ConsoleRoutes() {
  const signedIn = useOperatorSession((s) => s.signedIn);
  const { message } = AntdApp.useApp();
  // A refusal the server gives shows as a message, in the catalogue's words.
  useEffect(() => connectNotifications((text) => void message.error(text)), [message]);
  if (!signedIn) return <SignInPage />;
  const sections = SECTIONS.filter((section) => operatorMay(signedIn.operator, section.needs));
  return (
    <Routes>
      {sections.map(({ key, page: Page }) => (
        <Route
          key={key}
          path={`/${key}`}
          element={
            <ConsoleFrame sections={sections}>
              <Suspense fallback={<Spin />}>
                <Page />
              </Suspense>
            </ConsoleFrame>
          }
        />
      ))}
      <Route path="*" element={<Navigate to={`/${sections[0]?.key ?? 'catalogue'}`} replace />} />
    </Routes>
  );
}

/** The menu of the sections the operator may open, who is signed in, the language and the way out. */
function ConsoleFrame({ sections, children }: { sections: readonly ConsoleSection[]; children: ReactNode }) {
  const { t, i18n } = useTranslation('console');
  const navigate = useNavigate();
  const section = useLocation().pathname.split('/')[1] ?? '';
  const { signedIn, signOut, workingTenant, setWorkingTenant } = useOperatorSession();
  const operator = signedIn!.operator;
  const platform = operator.tenantId === null;
  return (
    <Layout className="cp-console-frame">
      <Layout.Sider theme="light" width={208} style={{ borderRight: '1px solid #f0f0f0' }}>
        <div className="cp-console-brand">{t('brand')}</div>
        <Menu
          mode="inline"
          selectedKeys={[section]}
          items={sections.map(({ key }) => ({ key, label: t(`sections.${key}`) }))}
          onClick={({ key }) => void navigate(`/${key}`)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="cp-console-header">
          {platform && (
            // A platform operator works on the merchant it names; the sections ask again once it changes.
            <InputNumber
              min={1}
              precision={0}
              prefix={t('signIn.tenant')}
              value={workingTenant}
              onChange={(tenantId) => {
                setWorkingTenant(tenantId);
                void queryClient.invalidateQueries();
              }}
            />
          )}
          <Typography.Text data-testid="console-operator">{operator.login}</Typography.Text>
          <Tag color="blue">{t(`roles.${operator.role}`)}</Tag>
          <Button type="text" onClick={() => void changeConsoleLanguage(i18n.language === 'zh-CN' ? 'en-US' : 'zh-CN')}>
            {t('language')}
          </Button>
          <Popconfirm
            title={t('signOut')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => {
              signOut();
              queryClient.clear();
            }}
          >
            <Button>{t('signOut')}</Button>
          </Popconfirm>
        </Layout.Header>
        <Layout.Content className="cp-console-content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
