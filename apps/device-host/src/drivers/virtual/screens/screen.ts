import type { Language } from '@cloudphone/contracts/locale';
import type { Painter } from '../painter';
import type { AppId, PhoneState } from '../phone-state';

/** What a screen may read and do while it draws (its tap targets act through these). */
export interface ScreenContext {
  state: Readonly<PhoneState>;
  now: number;
  open(app: AppId): void;
  back(): void;
  setClipboard(text: string): void;
  pasteIntoNotes(): void;
  setLanguage(language: Language): void;
}

export type Screen = (p: Painter, ctx: ScreenContext) => void;
