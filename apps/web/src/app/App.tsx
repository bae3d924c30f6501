import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { NotificationHost } from '../components/NotificationHost';
import { OldDomainNotice } from '../components/OldDomainNotice';
import { queryClient } from '../lib/query-client';
import { AppShell } from './AppShell';

// Every path goes to the shell, which reads it against the route table (app/route-table.ts).
const router = createBrowserRouter([{ path: '*', element: <AppShell /> }], { basename: '/app' });

export function App() {
  // antd-mobile's own texts (pull to refresh, pickers, dialogs) follow the app's language.
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en-US' ? enUS : zhCN;
  // Imperative dialogs and toasts render outside the provider: they read the default config.
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <NotificationHost />
        <OldDomainNotice />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
