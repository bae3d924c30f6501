import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@cloudphone/contracts/locale';
import { storage, StorageKey } from '../storage';

// How every face starts and switches its language; which texts it loads is each face's own (index.ts, console.ts).

/** Starts i18next in `language` with `namespace` as the texts `t` reads (the console has its own), none loaded yet. */
export async function startI18next(language: Language, namespace: 'translation' | 'console'): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    ns: [namespace],
    defaultNS: namespace,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = language;
}

/** Shows `language` (its texts loaded) and remembers it as the user's choice. */
export async function switchLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  storage.set(StorageKey.language, language);
  document.documentElement.lang = language;
}
