import type { ClientMessage } from '@cloudphone/contracts/stream';

/**
 * The local input method: while a text field on the phone has focus, the viewer types into a field
 * of its own, so the device's keyboard and IME (pinyin → Chinese) work as in any web page. What the
 * field receives goes to the phone as text once it is final — typed, committed from a composition,
 * pasted, autocorrected — and the field is emptied again; Enter and Backspace go as keys.
 * Returns a function that detaches it.
 */
export function attachTextInput(field: HTMLTextAreaElement, send: (message: ClientMessage) => void): () => void {
  let composing = false;

  const flush = () => {
    if (composing || field.value === '') return;
    send({ type: 'text', text: field.value });
    field.value = '';
  };
  const onCompositionStart = () => (composing = true);
  const onCompositionEnd = () => {
    composing = false;
    flush();
  };
  const onInput = (e: Event) => {
    if (!(e as InputEvent).isComposing) flush();
  };
  // A hardware keyboard's Enter and Backspace (outside a composition, which uses them itself).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.isComposing || composing || e.keyCode === 229) return;
    if (e.key === 'Enter') send({ type: 'key', key: 'enter' });
    else if (e.key === 'Backspace' && field.value === '') send({ type: 'key', key: 'backspace' });
    else return;
    e.preventDefault();
  };
  // Soft keyboards often send no usable key events (keyCode 229): their Enter and Backspace arrive here.
  const onBeforeInput = (e: Event) => {
    const { inputType } = e as InputEvent;
    if (composing) return;
    if (inputType === 'insertLineBreak' || inputType === 'insertParagraph') send({ type: 'key', key: 'enter' });
    else if (inputType === 'deleteContentBackward' && field.value === '') send({ type: 'key', key: 'backspace' });
    else return;
    e.preventDefault();
  };

  field.addEventListener('compositionstart', onCompositionStart);
  field.addEventListener('compositionend', onCompositionEnd);
  field.addEventListener('input', onInput);
  field.addEventListener('keydown', onKeyDown);
  field.addEventListener('beforeinput', onBeforeInput);
  return () => {
    field.removeEventListener('compositionstart', onCompositionStart);
    field.removeEventListener('compositionend', onCompositionEnd);
    field.removeEventListener('input', onInput);
    field.removeEventListener('keydown', onKeyDown);
    field.removeEventListener('beforeinput', onBeforeInput);
  };
}
