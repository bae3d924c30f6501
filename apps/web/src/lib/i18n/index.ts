import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, MOBILE_DEFAULT_LANGUAGE, pickLanguage, type Language } from '@cloudphone/contracts/locale';
import type { Messages } from './locales/zh-CN';
import { storage, StorageKey } from '../storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

/** Locales load on demand: only the one in use is downloaded. */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('./locales/zh-CN'),
  'en-US': () => import('./locales/en-US'),
};

/** The stored choice, else the browser's: zh-CN by default on mobile, other languages become en-US (spec §9). */
export function initialLanguage(): Language {
  const stored = storage.get<string>(StorageKey.language);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return pickLanguage(navigator.language, MOBILE_DEFAULT_LANGUAGE);
}

export function currentLanguage(): Language {
  return (i18next.language as Language | undefined) ?? MOBILE_DEFAULT_LANGUAGE;
}

async function load(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', (await loaders[language]()).default);
  }
}

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  await load(language);
  document.documentElement.lang = language;
}

/** Switches the language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await load(language);
  await i18next.changeLanguage(language);
  storage.set(StorageKey.language, language);
  document.documentElement.lang = language;
}
