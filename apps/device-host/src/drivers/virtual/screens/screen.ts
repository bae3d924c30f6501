import type { Language } from '@cloudphone/contracts/locale';
import type { Painter } from '../painter';
import type { AppId, PhoneState } from '../phone-state';

/** A finger on the screen: where it went down and where it is now, as shares of the screen as seen. */
export interface ScreenFinger {
  x0: number;
  y0: number;
  x: number;
  y: number;
}

/** What a screen may read and do while it draws (its tap targets act through these). */
export interface ScreenContext {
  state: Readonly<PhoneState>;
  now: number;
  /** The fingers down now (a game's pad follows them). */
  fingers: readonly ScreenFinger[];
  open(app: AppId): void;
  back(): void;
  setClipboard(text: string): void;
  pasteIntoNotes(): void;
  setLanguage(language: Language): void;
  /** The game's Mine button: its gold, kept with the game's progress. */
  mine(): void;
}

export type Screen = (p: Painter, ctx: ScreenContext) => void;
