import { header, HEADER, STATUS_BAR } from './common';
import type { Screen } from './screen';
import { systemText } from './system-text';

/** A text field that takes typing and paste; Copy puts its text on the phone's clipboard. */
export const notes: Screen = (p, { state, now, back, setClipboard, pasteIntoNotes }) => {
  const text = systemText(state.language);
  p.rect(0, 0, p.width, p.height, '#fffdf5');
  header(p, text.apps.notes, back, [
    { label: text.notes.copy, onTap: () => setClipboard(state.notes) },
    { label: text.notes.paste, onTap: pasteIntoNotes },
  ]);
  const top = STATUS_BAR + HEADER + 12;
  const lines = p.wrap(state.notes, p.width - 48, 16);
  // The field fills the screen and grows with its text, which then scrolls.
  p.rect(12, top, p.width - 24, Math.max(p.height - top - 60, lines.length * 24 + 24), '#ffffff', 8);
  if (state.notes === '') p.text(text.notes.placeholder, 24, top + 20, { size: 16, color: '#b3b6c4' });
  lines.forEach((line, i) => p.text(line, 24, top + 20 + i * 24, { size: 16 }));
  // The caret blinks once a second, like a real text field with focus.
  if (Math.floor(now / 1000) % 2 === 0) {
    const last = lines.at(-1) ?? '';
    const x = 24 + p.measure(last, 16);
    p.rect(x + 1, top + 10 + (lines.length - 1) * 24, 2, 20, '#3946d6');
  }
};
