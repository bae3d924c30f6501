import { describe, expect, it } from 'vitest';
import { ResponseCode } from './envelope';
import { ERRORS, errorKeyForCode, errorMessage, type ErrorKey } from './errors';
import { LANGUAGES } from './locale';

const entries = Object.entries(ERRORS) as [ErrorKey, (typeof ERRORS)[ErrorKey]][];

describe('error catalogue', () => {
  it.each(entries)('gives %s a text in every language', (_key, entry) => {
    for (const language of LANGUAGES) expect(entry[language].trim()).not.toBe('');
  });

  it('gives every key a code of its own, so a code names exactly one message', () => {
    const owners = new Map<number, ErrorKey[]>();
    for (const [key, entry] of entries) owners.set(entry.code, [...(owners.get(entry.code) ?? []), key]);
    const shared = [...owners].filter(([, keys]) => keys.length > 1);
    expect(shared).toEqual([]);
  });

  it('maps each transport code of DESIGN §3 to a catalogue key', () => {
    for (const code of Object.values(ResponseCode)) {
      if (code === ResponseCode.OK) continue;
      expect(errorKeyForCode(code), `code ${code}`).toBeDefined();
    }
    expect(errorKeyForCode(0)).toBeUndefined();
  });

  it('keeps business codes above the invalid-parameter code', () => {
    const transport = new Set<number>(Object.values(ResponseCode));
    for (const [key, entry] of entries) {
      if (!transport.has(entry.code)) expect(entry.code, key).toBeGreaterThan(ResponseCode.INVALID_PARAMETER);
    }
  });

  it('gives the same number of %s placeholders in both languages', () => {
    for (const [key, entry] of entries) {
      const count = (text: string) => text.split('%s').length - 1;
      expect(count(entry['en-US']), key).toBe(count(entry['zh-CN']));
    }
  });
});

describe('errorMessage', () => {
  it('gives the text in the language asked for', () => {
    expect(errorMessage('clientNotFound', 'zh-CN')).toBe('客户端编号不存在');
    expect(errorMessage('clientNotFound', 'en-US')).toBe('Client number does not exist');
  });

  it('replaces %s with the arguments', () => {
    expect(errorMessage('errorCodeReconnect', 'en-US', 1006)).toBe('Error code:1006, reconnect?');
    expect(errorMessage('errorCodeReconnect', 'zh-CN', 'E42')).toBe('错误码：E42，是否重连？');
  });

  it('leaves %s in place when no argument is given, and ignores extra arguments', () => {
    expect(errorMessage('errorCodeReconnect', 'en-US')).toBe('Error code:%s, reconnect?');
    expect(errorMessage('tooFrequent', 'en-US', 'unused')).toBe('Please do not operate frequently');
  });
});
