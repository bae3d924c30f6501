import type { LocalizedText } from '@cloudphone/contracts/locale';

/**
 * Catalogue texts (grade, package, coupon and agreement titles) are stored as JSON by language,
 * `{ "zh-CN": …, "en-US": … }` (migration 0009): one column, both languages, on SQLite and PostgreSQL alike.
 */
export function storedText(text: LocalizedText): string {
  return JSON.stringify({ 'zh-CN': text['zh-CN'], 'en-US': text['en-US'] });
}

/** A stored catalogue text; a plain string (written past the repositories) counts for both languages. */
export function textOfStored(stored: string): LocalizedText {
  try {
    const parsed = JSON.parse(stored) as Partial<LocalizedText> | null;
    if (parsed && typeof parsed === 'object')
      return { 'zh-CN': String(parsed['zh-CN'] ?? ''), 'en-US': String(parsed['en-US'] ?? '') };
  } catch {
    // not JSON: an older plain text
  }
  return { 'zh-CN': stored, 'en-US': stored };
}
