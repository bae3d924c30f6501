import { LOGICAL_WIDTH } from '../painter';
import { appIcon, formatClock, NAV_BAR, STATUS_BAR } from './common';
import type { Screen } from './screen';
import { systemText } from './system-text';

const SYSTEM_APPS = [
  { id: 'settings', color: '#6b7280', glyph: '⚙' },
  { id: 'files', color: '#f59e0b', glyph: 'F' },
  { id: 'notes', color: '#eab308', glyph: 'N' },
  { id: 'game', color: '#16a34a', glyph: 'M' },
] as const;

/** A stable colour for an installed app without an icon. */
export function colorFor(packageName: string): string {
  let hash = 0;
  for (const ch of packageName) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360}, 65%, 48%)`;
}

/** The home screen: clock and date over the wallpaper, then the app grid. */
export const launcher: Screen = (p, { state, now, open }) => {
  const gradient = p.ctx.createLinearGradient(0, 0, 0, p.height);
  gradient.addColorStop(0, '#3b4cca');
  gradient.addColorStop(1, '#9b5de5');
  p.ctx.fillStyle = gradient;
  p.ctx.fillRect(0, 0, LOGICAL_WIDTH, p.height);
  // Many installed apps make the home screen longer than the display: it scrolls under the wallpaper.
  p.scrollFrom(STATUS_BAR, p.height - NAV_BAR);

  p.text(formatClock(now), LOGICAL_WIDTH / 2, STATUS_BAR + 70, { size: 56, color: '#ffffff', align: 'center' });
  const text = systemText(state.language);
  const date = text.date(now);
  p.text(date, LOGICAL_WIDTH / 2, STATUS_BAR + 116, { size: 15, color: '#e6e8ff', align: 'center' });

  const apps = [
    ...SYSTEM_APPS.map((a) => ({ ...a, label: text.apps[a.id], onTap: () => open(a.id) })),
    ...state.apps.map((a) => ({
      id: a.packageName,
      label: a.label,
      color: a.icon.startsWith('#') || a.icon.startsWith('hsl') ? a.icon : colorFor(a.packageName),
      glyph: a.label.slice(0, 1).toUpperCase(),
      picture: a.icon,
      onTap: () => open(`app:${a.packageName}`),
    })),
  ];
  const columns = 4;
  const cell = LOGICAL_WIDTH / columns;
  apps.forEach((app, i) => {
    const x = (i % columns) * cell + (cell - 56) / 2;
    const y = STATUS_BAR + 170 + Math.floor(i / columns) * 100;
    appIcon(p, x, y, app.label, app.color, app.glyph, app.onTap, 'picture' in app ? app.picture : undefined);
  });
};
