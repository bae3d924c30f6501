import { currentLanguage } from './i18n/index';

/** A day in the user's language, e.g. `Jan 5, 2025` or `2025年1月5日`. Times are epoch ms (DESIGN §3). */
export function formatDate(epochMs: number): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(epochMs);
}

/** A day and time of day in the user's language. */
export function formatDateTime(epochMs: number): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
}
