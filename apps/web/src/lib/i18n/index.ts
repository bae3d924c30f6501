import i18next from 'i18next';
import type { Locale as AntdMobileLocale } from 'antd-mobile/es/locales/base';
import antdMobileChinese from 'antd-mobile/es/locales/zh-CN';
import { LANGUAGES, MOBILE_DEFAULT_LANGUAGE, pickLanguage, type Language } from '@cloudphone/contracts/locale';
import type { Messages } from './locales/zh-CN';
import type { ConsoleMessages } from './locales/zh-CN.console';
import { storage, StorageKey } from '../storage';
import { startI18next, switchLanguage } from './start';

declare module 'i18next' {
  interface CustomTypeOptions {
    /** `console`: the console's own texts (issue 62), which only the console loads (`./console`). */
    resources: { translation: Messages; console: ConsoleMessages };
  }
}

interface LocaleModules {
  messages: Messages;
  /** antd-mobile's own texts (pull to refresh, pickers, dialogs) in the same language. */
  antdMobile: AntdMobileLocale;
}

const both = async (messages: Promise<{ default: Messages }>, antdMobile: Promise<{ default: AntdMobileLocale }>) => ({
  messages: (await messages).default,
  antdMobile: (await antdMobile).default,
});

/** Locales load on demand: only the one in use is downloaded, never in the entry script (issue 10 §6). */
const loaders: Record<Language, () => Promise<LocaleModules>> = {
  // antd-mobile's Chinese is its default (its ConfigProvider holds it already): only ours loads.
  'zh-CN': () => both(import('./locales/zh-CN'), Promise.resolve({ default: antdMobileChinese })),
  'en-US': async () => {
    const loaded = await both(import('./locales/en-US'), import('antd-mobile/es/locales/en-US'));
    // antd-mobile's English says "Scroll down to refresh" where the finger pulls.
    const { PullToRefresh } = loaded.antdMobile;
    return {
      ...loaded,
      antdMobile: { ...loaded.antdMobile, PullToRefresh: { ...PullToRefresh, pulling: 'Pull down to refresh' } },
    };
  },
};
const antdMobileLocales = new Map<Language, AntdMobileLocale>();

/** The stored choice, else the browser's: zh-CN by default on mobile, other languages become en-US (spec §9). */
export function initialLanguage(): Language {
  const stored = storage.get<string>(StorageKey.language);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return pickLanguage(navigator.language, MOBILE_DEFAULT_LANGUAGE);
}

/** The language in use; before i18n has started (the first requests go out alongside it), the one it will use. */
export function currentLanguage(): Language {
  return (i18next.language as Language | undefined) ?? initialLanguage();
}

async function load(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation') && antdMobileLocales.has(language)) return;
  const { messages, antdMobile } = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', messages);
  antdMobileLocales.set(language, antdMobile);
}

/** antd-mobile's texts in the current language, loaded with it. */
export function antdMobileLocale(): AntdMobileLocale {
  const locale = antdMobileLocales.get(currentLanguage());
  if (!locale) throw new Error(`language ${currentLanguage()} is not loaded: initI18n or changeLanguage first`);
  return locale;
}

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  await startI18next(language, 'translation');
  await load(language);
}

/** Switches the language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await load(language);
  await switchLanguage(language);
}
