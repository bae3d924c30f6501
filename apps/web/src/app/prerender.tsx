/**
 * The login page rendered on the server (issue 28): a phone on a slow network sees the page from the
 * HTML, before the entry script has arrived and run. Built by `vite.prerender.config.ts` into
 * `dist/prerender/login-page.js`, which the server imports; the app draws the same page over it once
 * its scripts are in. Only public client data goes in: nothing about a user.
 */
import '../lib/memory-storage';
import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ConfigProvider } from 'antd-mobile';
import antdMobileEnglish from 'antd-mobile/es/locales/en-US';
import antdMobileChinese from 'antd-mobile/es/locales/zh-CN';
import { MemoryRouter } from 'react-router';
import type { LoginPagePrerender } from '@cloudphone/contracts/inlined-client';
import zhCN from '../lib/i18n/locales/zh-CN';
import enUS from '../lib/i18n/locales/en-US';
import { matchPath } from '../lib/routing/navigation';
import { pathFor } from '../lib/routing/route-table';
import { RouteContext } from '../lib/routing/route-context';
import { useSession } from '../stores/session';
import LoginPage from '../features/auth/routes/LoginPage';
import { Layout } from './layouts/Layout';

const ANTD_MOBILE_LOCALES = { 'zh-CN': antdMobileChinese, 'en-US': antdMobileEnglish };

void i18next.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: 'zh-CN',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  // Resources are here already: init and language changes finish before they return.
  initAsync: false,
  showSupportNotice: false,
});

export const renderLoginPage: LoginPagePrerender['renderLoginPage'] = ({ clientNo, language, about }) => {
  // One render at a time and synchronous: the store and the language are this page's while it renders.
  void i18next.changeLanguage(language);
  // On the server React reads a store's initial state (zustand's server snapshot): this page's client goes there.
  Object.assign(useSession.getInitialState(), { clientNo, aboutApp: about });
  const path = pathFor('login', clientNo);
  return renderToString(
    <ConfigProvider locale={ANTD_MOBILE_LOCALES[language]}>
      <MemoryRouter basename="/app" initialEntries={[`/app${path}`]}>
        <RouteContext.Provider value={matchPath(path)}>
          <Layout kind="login" transition="none" pageKey={path}>
            <LoginPage />
          </Layout>
        </RouteContext.Provider>
      </MemoryRouter>
    </ConfigProvider>,
  );
};
