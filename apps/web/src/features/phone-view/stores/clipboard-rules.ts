import type { ErrorKey } from '@cloudphone/contracts/errors';
import type { ClientMessage } from '@cloudphone/contracts/stream';

/** A refusal as its catalogue key, or the new value. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: ErrorKey };

/** Saves a clipboard entry, newest first (spec §5: no empty content, no duplicates). */
export function addClipboardEntry(entries: readonly string[], text: string): RuleResult<string[]> {
  if (text.trim() === '') return { ok: false, error: 'clipboardEmpty' };
  if (entries.includes(text)) return { ok: false, error: 'clipboardDuplicate' };
  return { ok: true, value: [text, ...entries] };
}

/**
 * What pasting `text` into the phone sends (spec §5: paste is split by line): each line goes through
 * the phone's clipboard and its paste key, with Enter between lines, because a single paste of
 * several lines loses the line breaks in many Android text fields.
 */
export function pasteMessages(text: string): RuleResult<ClientMessage[]> {
  if (text.trim() === '') return { ok: false, error: 'clipboardEmpty' };
  const messages: ClientMessage[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (i > 0) messages.push({ type: 'key', key: 'enter' });
    if (line !== '') messages.push({ type: 'clipboard-set', text: line }, { type: 'key', key: 'paste' });
  });
  return { ok: true, value: messages };
}
