import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import type { AboutApp } from '@cloudphone/contracts/client';
import type { ThemeName } from '@cloudphone/contracts/theme';
import { App } from './app/App';
import { startFirstPage } from './app/first-page';
import { installAntdMobileRender } from './lib/antd-mobile-render';
import { trackAppHeight } from './lib/app-height';
import { startTracking } from './lib/tracking';
import { initI18n } from './lib/i18n/index';
import { registerServiceWorker } from './lib/service-worker';
import { storage, StorageKey } from './lib/storage';
import { applyTheme } from './lib/theme';
import './styles.css';

installAntdMobileRender();

// The stored client's theme first, so a returning visitor never sees the default flash by; else the
// one the server wrote into the page for the path's client.
const pageTheme = document.documentElement.dataset.theme as ThemeName | undefined;
applyTheme(storage.get<AboutApp>(StorageKey.aboutAppData)?.theme ?? pageTheme ?? 'default');
startFirstPage();
startTracking();
// Not a top-level await: a locale chunk may take its texts from the entry file (antd-mobile's
// Chinese is there already), and the entry cannot hand them out while it is still being evaluated.
void initI18n().then(() => {
  const container = document.getElementById('root') as HTMLElement;
  trackAppHeight(container);
  const root = createRoot(container);
  // A transition: React yields to the browser every few milliseconds while it draws the first page,
  // so a slow phone gets no long task from it (Lighthouse's total blocking time, issue 28).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

if (import.meta.env.PROD) registerServiceWorker();
