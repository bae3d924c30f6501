import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import 'antd-mobile/es/global';
import type { AboutApp } from '@cloudphone/contracts/client';
import { App } from './app/App';
import { trackAppHeight } from './lib/app-height';
import { initI18n } from './lib/i18n/index';
import { registerServiceWorker } from './lib/service-worker';
import { storage, StorageKey } from './lib/storage';
import { applyTheme } from './lib/theme';
import './styles.css';

// antd-mobile renders Toast and Dialog through its own root; on React 19 it needs this shim or they never appear.
unstableSetRender((node, container) => {
  const host = container as Element & { __cpRoot?: Root };
  host.__cpRoot ??= createRoot(host);
  const root = host.__cpRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__cpRoot;
  };
});

// The stored client's theme first, so a returning visitor never sees the default flash by.
applyTheme(storage.get<AboutApp>(StorageKey.aboutAppData)?.theme ?? 'default');
await initI18n();

const container = document.getElementById('root') as HTMLElement;
trackAppHeight(container);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
