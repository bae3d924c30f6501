import i18next from 'i18next';
import { errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import type { ClientMessage } from '@cloudphone/contracts/stream';
import { currentLanguage } from '../../../lib/i18n/index';
import { notify } from '../../../stores/notifications';
import { useClipboardEntries } from '../stores/clipboard-entries';
import { pasteMessages } from '../stores/clipboard-rules';
import { useCommonPhrases } from '../stores/common-phrases';

/** The most text sent to a phone's clipboard at once (the stream takes 20 000 characters). */
export const CLIPBOARD_TEXT_MAX = 20_000;
/** Longer than any phrase worth keeping; the stream takes up to 5000 characters of text. */
export const PHRASE_MAX = 500;

/** A phrase being added (id null) or edited. */
export interface PhraseDraft {
  id: string | null;
  text: string;
}

/** Where texts go: a phone's running stream, or none yet. */
type PhoneLine = { send: (message: ClientMessage) => void } | null | undefined;

const refuse = (key: ErrorKey) => notify(errorMessage(key, currentLanguage()), 'warning');

/**
 * What the clipboard and the common phrases do (spec §1, §5), whichever face shows them: the phone
 * app's panels over a phone, or the desktop's clipboard screen. Each says what it did, or why not.
 */
export const phoneTexts = {
  /** Puts `text` on the phone's clipboard (spec §5: never empty). */
  sendToClipboard(phone: PhoneLine, text: string): boolean {
    if (text.trim() === '') {
      refuse('clipboardEmpty');
      return false;
    }
    phone?.send({ type: 'clipboard-set', text });
    notify(i18next.t('phoneView.clipboard.sent'), 'success');
    return true;
  },

  /** Pastes `text` into the phone line by line (spec §5). */
  paste(phone: PhoneLine, text: string): boolean {
    const result = pasteMessages(text);
    if (!result.ok) {
      refuse(result.error);
      return false;
    }
    for (const message of result.value) phone?.send(message);
    return true;
  },

  /** Types a phrase into the phone's focused field. */
  typePhrase(phone: PhoneLine, text: string): void {
    phone?.send({ type: 'text', text });
    notify(i18next.t('phoneView.phrases.sent'), 'success');
  },

  /** Keeps `text` among the saved entries (spec §5: not empty, no duplicates). */
  keep(text: string): boolean {
    const refusal = useClipboardEntries.getState().save(text);
    if (refusal) refuse(refusal);
    return refusal === null;
  },

  /** Saves a phrase being added (`id` null) or edited, without its surrounding spaces; never an empty one. */
  savePhrase({ id, text }: PhraseDraft): boolean {
    const trimmed = text.trim();
    if (!trimmed) {
      notify(i18next.t('phoneView.phrases.required'), 'warning');
      return false;
    }
    const phrases = useCommonPhrases.getState();
    if (id) phrases.edit(id, trimmed);
    else phrases.add(trimmed);
    return true;
  },
};
