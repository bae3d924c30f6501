import type { LocalizedText } from './locale';

/** One entry of the error catalogue (errors.ts): its response code and its text in each language. */
export interface CatalogueEntry extends LocalizedText {
  code: number;
}

export const errorEntry = (code: number, zh: string, en: string): CatalogueEntry => ({
  code,
  'zh-CN': zh,
  'en-US': en,
});
