/** The two languages every user-visible text exists in (spec §9: zh-CN default on mobile, en-US otherwise). */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export const MOBILE_DEFAULT_LANGUAGE: Language = 'zh-CN';
export const DESKTOP_DEFAULT_LANGUAGE: Language = 'en-US';

/** A text in both languages. */
export type LocalizedText = Record<Language, string>;

/** Chinese browser languages map to zh-CN; every other language becomes en-US (spec §9). */
export function pickLanguage(
  requested: string | null | undefined,
  fallback: Language = MOBILE_DEFAULT_LANGUAGE,
): Language {
  if (!requested) return fallback;
  const first = requested.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first === '') return fallback;
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** The text of `language`; a text left empty in one language shows the other's. */
export function textIn(text: LocalizedText, language: Language): string {
  return text[language] || text[LANGUAGES.find((l) => l !== language) ?? language];
}

/** A stored language, or null when it is none of ours. */
export function languageOrNull(value: string | null | undefined): Language | null {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
}
