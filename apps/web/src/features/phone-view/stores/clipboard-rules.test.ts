import { describe, expect, it } from 'vitest';
import { addClipboardEntry, pasteMessages } from './clipboard-rules';

describe('saved clipboard entries (spec §5)', () => {
  it('keeps a new entry first', () => {
    expect(addClipboardEntry(['older'], 'newer')).toEqual({ ok: true, value: ['newer', 'older'] });
  });

  it('refuses an entry that is already saved', () => {
    expect(addClipboardEntry(['order 42'], 'order 42')).toEqual({ ok: false, error: 'clipboardDuplicate' });
  });

  it('refuses empty or blank content', () => {
    expect(addClipboardEntry([], '')).toEqual({ ok: false, error: 'clipboardEmpty' });
    expect(addClipboardEntry([], ' \n\t')).toEqual({ ok: false, error: 'clipboardEmpty' });
  });
});

describe('pasting into the phone (spec §5: split by line)', () => {
  it('pastes each line through the clipboard with Enter between lines', () => {
    expect(pasteMessages('first\r\nsecond')).toEqual({
      ok: true,
      value: [
        { type: 'clipboard-set', text: 'first' },
        { type: 'key', key: 'paste' },
        { type: 'key', key: 'enter' },
        { type: 'clipboard-set', text: 'second' },
        { type: 'key', key: 'paste' },
      ],
    });
  });

  it('keeps a blank line between paragraphs as an Enter alone', () => {
    const result = pasteMessages('a\n\nb');
    expect(result.ok && result.value.filter((m) => m.type === 'key' && m.key === 'enter')).toHaveLength(2);
    expect(result.ok && result.value.filter((m) => m.type === 'clipboard-set')).toHaveLength(2);
  });

  it('refuses to paste nothing', () => {
    expect(pasteMessages('\n  \n')).toEqual({ ok: false, error: 'clipboardEmpty' });
  });
});
