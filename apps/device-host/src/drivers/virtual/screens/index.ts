import type { AppId } from '../phone-state';
import { files } from './files';
import { game } from './game';
import { installedApp } from './installed-app';
import { launcher } from './launcher';
import { notes } from './notes';
import type { Screen } from './screen';
import { about, language, settings } from './settings';

const SYSTEM: Record<string, Screen> = { launcher, settings, about, language, notes, files, game };

export function screenFor(app: AppId): Screen {
  if (app.startsWith('app:')) return installedApp(app.slice('app:'.length));
  return SYSTEM[app] ?? launcher;
}

/** Screens whose picture changes every second (a running clock, a caret, a counter). */
export function isLiveScreen(app: AppId): boolean {
  return app === 'about' || app === 'notes' || app === 'game' || app.startsWith('app:');
}
