import { useEffect, useState, type ReactNode } from 'react';
import { JOINED_VIEWS } from '../app/joined-views';
import { JoinedViewsContext } from '../lib/joined-views';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, Result, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { lookUpClient } from '../stores/client-lookup';
import { currentLanguage } from '../lib/i18n/index';
import { queryClient } from '../lib/query-client';
import { setNavigator, useSession } from '../stores/session';
import { DesktopNotifications } from './components/DesktopNotifications';
import { DesktopFrame } from './components/DesktopFrame';
import { LoginPage } from './pages/LoginPage';
import { PhoneListPage } from './pages/PhoneListPage';
import { PhoneWindowPage } from './pages/PhoneWindowPage';
import { ScreenGate } from './components/ScreenGate';
import { SCREENS } from './screens';

/**
 * The desktop shell of the web app (issue 30; DESIGN §10): its own entry at /desktop/{clientNo}, in
 * antd, over the same session, catalogue client, query hooks and player as the phone app. Outside the
 * phone app's service worker and navigation rules.
 */
export function DesktopApp() {
  return (
    <DesktopShell>
      <BrowserRouter basename="/desktop">
        <Navigator />
        <Routes>
          <Route path="/login/:clientNo" element={<Client page={<LoginPage />} open />} />
          <Route path="/phone/:clientNo" element={<Client page={<PhoneWindowPage />} />} />
          {SCREENS.map(({ key, page: Page, needs }) => (
            <Route
              key={key}
              path={`/${key}/:clientNo`}
              element={
                <Client
                  page={
                    <DesktopFrame>
                      <ScreenGate needs={needs}>
                        <Page />
                      </ScreenGate>
                    </DesktopFrame>
                  }
                  open={key === 'about'}
                />
              }
            />
          ))}
          <Route
            path="/:clientNo"
            element={
              <Client
                page={
                  <DesktopFrame>
                    <PhoneListPage />
                  </DesktopFrame>
                }
              />
            }
          />
          <Route path="*" element={<Result status="404" />} />
        </Routes>
      </BrowserRouter>
      <DesktopNotifications />
    </DesktopShell>
  );
}

/**
 * What every desktop page stands in: antd in the user's language, the query cache, and the views
 * features show inside each other's pages (the same the phone app joins, lib/joined-views).
 */
export function DesktopShell({ children }: { children: ReactNode }) {
  useTranslation();
  return (
    <ConfigProvider locale={currentLanguage() === 'zh-CN' ? zhCN : enUS} theme={{ token: { colorPrimary: '#5060ff' } }}>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <JoinedViewsContext.Provider value={JOINED_VIEWS}>{children}</JoinedViewsContext.Provider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

/** The session's moves (an expired login goes to /login/{clientNo}) happen in this router. */
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

const lookUps = new Map<string, Promise<boolean>>();

/** Each client is looked up once per window; every platform's client opens on the desktop. */
function lookedUp(clientNo: string): Promise<boolean> {
  let found = lookUps.get(clientNo);
  if (!found) {
    found = lookUpClient(clientNo, window.location.search, () => true);
    lookUps.set(clientNo, found);
  }
  return found;
}

/**
 * A page of a client: the client is looked up first (tenant, brand, functions), and a page that needs
 * an account sends a visitor to login. Every platform's client opens on the desktop.
 */
function Client({ page, open = false }: { page: ReactNode; open?: boolean }) {
  const clientNo = (useParams().clientNo ?? '').toLowerCase();
  const signedIn = useSession((s) => s.token !== null);
  const [state, setState] = useState<'looking' | 'ready' | 'unknown'>('looking');
  useEffect(() => {
    void lookedUp(clientNo).then((usable) => setState(usable ? 'ready' : 'unknown'));
  }, [clientNo]);
  if (state === 'looking') return <Spin fullscreen />;
  if (state === 'unknown') return <Result status="404" />;
  if (!open && !signedIn) return <Navigate to={`/login/${clientNo}`} replace />;
  return page;
}
