import i18next from 'i18next';
import { DESKTOP_DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, type Language } from '@cloudphone/contracts/locale';
import type { ConsoleMessages } from './locales/zh-CN.console';
import { storage, StorageKey } from '../storage';
import { startI18next, switchLanguage } from './start';

/**
 * The console's languages (issue 62): its texts are a namespace of their own, `console`, loaded on
 * demand — the customer faces never download them, and the console never downloads theirs.
 */
const loaders: Record<Language, () => Promise<{ consoleMessages: ConsoleMessages }>> = {
  'zh-CN': () => import('./locales/zh-CN.console'),
  'en-US': () => import('./locales/en-US.console'),
};

async function load(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'console')) return;
  i18next.addResourceBundle(language, 'console', (await loaders[language]()).consoleMessages);
}

/** The stored choice, else the browser's; a computer's default, en-US (spec §9). */
export function consoleLanguage(): Language {
  const stored = storage.get<string>(StorageKey.language);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return pickLanguage(navigator.language, DESKTOP_DEFAULT_LANGUAGE);
}

export async function initConsoleI18n(language: Language = consoleLanguage()): Promise<void> {
  await startI18next(language, 'console');
  await load(language);
}

/** Switches the console's language and remembers it (the same stored choice as the customer faces). */
export async function changeConsoleLanguage(language: Language): Promise<void> {
  await load(language);
  await switchLanguage(language);
}
