import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * Phone screens are drawn on the host, which may have no CJK font at all: the host ships Source Han
 * Sans SC (the full language-specific OTF: simplified and traditional Chinese, rare characters
 * included, and Latin) and draws every text with it. Symbols it lacks (▮ ⚙) fall back to the
 * system's sans-serif.
 */
export const PHONE_FONT = '"Source Han Sans SC", sans-serif';

const FACES = ['SourceHanSansSC-Regular.otf', 'SourceHanSansSC-Bold.otf'];
let registered = false;

/** Registers the shipped faces once, before the first text is drawn. */
export function registerPhoneFonts(): void {
  if (registered) return;
  registered = true;
  const require = createRequire(import.meta.url);
  for (const face of FACES) {
    if (!GlobalFonts.registerFromPath(require.resolve(`node-source-han-sans-sc/${face}`)))
      throw new Error(`could not load the phone font ${face}`);
  }
}
