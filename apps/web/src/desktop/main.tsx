import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { DESKTOP_DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, type Language } from '@cloudphone/contracts/locale';
import { initI18n } from '../lib/i18n/index';
import { storage, StorageKey } from '../lib/storage';
import './desktop.css';

/** The desktop's language: the stored choice, else the browser's, en-US by default (spec §9). */
function desktopLanguage(): Language {
  const stored = storage.get<string>(StorageKey.language);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return pickLanguage(navigator.language, DESKTOP_DEFAULT_LANGUAGE);
}

void Promise.all([import('./DesktopApp'), initI18n(desktopLanguage())]).then(([{ DesktopApp }]) => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <DesktopApp />
    </StrictMode>,
  );
});
