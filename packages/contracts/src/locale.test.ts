import { describe, expect, it } from 'vitest';
import { pickLanguage } from './locale';

describe('pickLanguage', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['ZH-hk,en;q=0.5', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-US', 'en-US'],
    ['fr', 'en-US'],
    ['de-DE,zh-CN;q=0.8', 'en-US'],
  ] as const)('maps %s to %s', (requested, language) => {
    expect(pickLanguage(requested)).toBe(language);
  });

  it('falls back to Chinese when nothing is asked for', () => {
    expect(pickLanguage('')).toBe('zh-CN');
    expect(pickLanguage(undefined)).toBe('zh-CN');
    expect(pickLanguage(null)).toBe('zh-CN');
    expect(pickLanguage(' ,en')).toBe('zh-CN');
  });

  it('falls back to the given default, as the desktop client does', () => {
    expect(pickLanguage('', 'en-US')).toBe('en-US');
    expect(pickLanguage('zh-TW', 'en-US')).toBe('zh-CN');
  });
});
