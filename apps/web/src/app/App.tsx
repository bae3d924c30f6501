import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { NotificationHost } from '../components/NotificationHost';
import { antdMobileLocale } from '../lib/i18n/index';
import { queryClient } from '../lib/query-client';
import { AppShell } from './AppShell';

// Shown on a domain the merchant is leaving, rarely: its dialog (and animation library) loads after the page.
const OldDomainNotice = lazy(() => import('./OldDomainNotice').then((module) => ({ default: module.OldDomainNotice })));

export function App() {
  // antd-mobile's own texts (pull to refresh, pickers, dialogs) follow the app's language: a language
  // change re-renders here, and lib/i18n loads antd-mobile's locale before the change.
  useTranslation();
  const locale = antdMobileLocale();
  // Imperative dialogs and toasts render outside the provider: they read the default config.
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/app">
          <AppShell />
        </BrowserRouter>
        <NotificationHost />
        <Suspense>
          <OldDomainNotice />
        </Suspense>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
