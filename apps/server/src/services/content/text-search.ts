import type { LocalizedText } from '@cloudphone/contracts/locale';

/**
 * Search and paging of a client's short lists (articles, games: tens, not thousands) done here rather
 * than in SQL, because their texts are stored with both languages in one column, where a LIKE would
 * also match the language keys.
 */
export function matchesKeyword(texts: readonly LocalizedText[], keyword: string | undefined): boolean {
  const word = keyword?.trim().toLowerCase();
  if (!word) return true;
  return texts.some((text) => Object.values(text).some((value) => value.toLowerCase().includes(word)));
}

export function pageOf<T>(items: readonly T[], pageNo: number, pageSize: number): { list: T[]; total: number } {
  return { list: items.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: items.length };
}
