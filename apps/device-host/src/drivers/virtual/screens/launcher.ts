import { appIcon, formatClock, installedLook, NAV_BAR, STATUS_BAR } from './common';
import type { Screen } from './screen';
import { systemText } from './system-text';

const SYSTEM_APPS = [
  { id: 'settings', color: '#5b6475' },
  { id: 'files', color: '#f08c1a' },
  { id: 'notes', color: '#d9a400' },
  { id: 'game', color: '#16a34a' },
] as const;

/** The home screen: clock and date over the wallpaper, then the app grid. */
export const launcher: Screen = (p, { state, now, open }) => {
  const gradient = p.ctx.createLinearGradient(0, 0, 0, p.height);
  gradient.addColorStop(0, '#3b4cca');
  gradient.addColorStop(1, '#9b5de5');
  p.ctx.fillStyle = gradient;
  p.ctx.fillRect(0, 0, p.width, p.height);
  // Many installed apps make the home screen longer than the display: it scrolls under the wallpaper.
  p.scrollFrom(STATUS_BAR, p.height - NAV_BAR);

  p.text(formatClock(now), p.width / 2, STATUS_BAR + 70, { size: 56, color: '#ffffff', align: 'center' });
  const text = systemText(state.language);
  const date = text.date(now);
  p.text(date, p.width / 2, STATUS_BAR + 116, { size: 15, color: '#e6e8ff', align: 'center' });

  const apps = [
    ...SYSTEM_APPS.map((a) => ({ color: a.color, symbol: a.id, label: text.apps[a.id], onTap: () => open(a.id) })),
    ...state.apps.map((a) => ({ ...installedLook(a), onTap: () => open(`app:${a.packageName}`) })),
  ];
  // Four across a portrait screen, as many as fit across a landscape one.
  const columns = Math.max(4, Math.floor(p.width / 90));
  const cell = p.width / columns;
  apps.forEach((app, i) => {
    const x = (i % columns) * cell + (cell - 56) / 2;
    const y = STATUS_BAR + 170 + Math.floor(i / columns) * 100;
    appIcon(p, x, y, app, app.onTap);
  });
};
