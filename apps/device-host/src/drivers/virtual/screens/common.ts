import { Image } from '@napi-rs/canvas';
import type { Painter } from '../painter';
import { drawSystemIcon, type SystemIconName } from './system-icons';

export const STATUS_BAR = 24;
/** The gesture bar's strip at the bottom: the viewer's own keys are the phone's buttons (issue 22). */
export const NAV_BAR = 16;
export const HEADER = 52;

export function formatClock(now: number): string {
  const d = new Date(now);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A screen's title bar with a back arrow; below it, the screen's content scrolls. */
export function header(
  p: Painter,
  title: string,
  back: () => void,
  action?: { label: string; onTap: () => void }[],
): void {
  p.rect(0, STATUS_BAR, p.width, HEADER, '#ffffff');
  p.text('←', 16, STATUS_BAR + HEADER / 2, { size: 22 });
  p.tappable(0, STATUS_BAR, 56, HEADER, back);
  const actionsWidth = (action ?? []).reduce((sum, a) => sum + p.measure(a.label, 14) + 28, 0);
  p.text(title, 56, STATUS_BAR + HEADER / 2, { size: 20, bold: true, maxWidth: p.width - 68 - actionsWidth });
  let right = p.width - 12;
  for (const a of [...(action ?? [])].reverse()) {
    const w = p.measure(a.label, 14) + 20;
    right -= w;
    p.rect(right, STATUS_BAR + 12, w, 28, '#e8ebff', 14);
    p.text(a.label, right + w / 2, STATUS_BAR + 26, { size: 14, color: '#3946d6', align: 'center' });
    p.tappable(right, STATUS_BAR + 8, w, 36, a.onTap);
    right -= 8;
  }
  p.rect(0, STATUS_BAR + HEADER - 1, p.width, 1, '#e6e8ef');
  // What the screen draws under its title bar scrolls (wheel, two-finger or one-finger swipe).
  p.scrollFrom(STATUS_BAR + HEADER, p.height - NAV_BAR);
}

/** A row of a settings-style list: label left, value right. */
export function row(p: Painter, y: number, label: string, value = '', onTap?: () => void, h = 56): number {
  p.rect(0, y, p.width, h, '#ffffff');
  // A row that opens something keeps its value clear of the arrow; a long label is cut before the value.
  const valueRight = p.width - (onTap ? 32 : 16);
  const valueWidth = value ? Math.min(p.measure(value, 13), 200) : 0;
  p.text(label, 16, y + h / 2, { size: 15, maxWidth: valueRight - 16 - (value ? valueWidth + 12 : 0) });
  if (value) p.text(value, valueRight, y + h / 2, { size: 13, color: '#6b7085', align: 'right', maxWidth: 200 });
  if (onTap) {
    p.text('›', p.width - 14, y + h / 2, { size: 20, color: '#a0a4b8', align: 'right' });
    p.tappable(0, y, p.width, h, onTap);
  }
  p.rect(16, y + h - 1, p.width - 16, 1, '#eef0f5');
  return y + h;
}

const decodedIcons = new Map<string, Image>();

/** An icon picture from a data URL, decoded once. */
function iconImage(dataUrl: string): Image | undefined {
  let image = decodedIcons.get(dataUrl);
  if (!image) {
    image = new Image();
    image.src = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    decodedIcons.set(dataUrl, image);
  }
  return image.complete && image.width > 0 ? image : undefined;
}

/** What an app's icon shows: its package's own picture, a built-in app's drawing, or a letter on a colour. */
export interface AppIconLook {
  label: string;
  color: string;
  glyph?: string;
  picture?: string;
  symbol?: SystemIconName;
}

/** An app's rounded icon in the `size` square at (x, y). */
export function iconFace(p: Painter, x: number, y: number, size: number, look: AppIconLook): void {
  const radius = size / 4;
  const image = look.picture?.startsWith('data:image/') ? iconImage(look.picture) : undefined;
  if (image) {
    p.ctx.save();
    p.ctx.beginPath();
    p.ctx.roundRect(x, y, size, size, radius);
    p.ctx.clip();
    p.ctx.drawImage(image, x, y, size, size);
    p.ctx.restore();
  } else {
    p.rect(x, y, size, size, look.color, radius);
    if (look.symbol) drawSystemIcon(p, look.symbol, x, y, size);
    else
      p.text(look.glyph ?? '', x + size / 2, y + size / 2 + 1, {
        size: size / 2,
        color: '#ffffff',
        bold: true,
        align: 'center',
      });
  }
}

/** An installed app's look: its own picture, or its first letter on a colour of its own. */
export function installedLook(app: { packageName: string; label: string; icon: string }): AppIconLook {
  const colour = app.icon.startsWith('#') || app.icon.startsWith('hsl');
  return {
    label: app.label,
    color: colour ? app.icon : colorFor(app.packageName),
    glyph: [...app.label][0]?.toUpperCase() ?? '',
    picture: app.icon,
  };
}

/** A stable colour for an installed app without an icon. */
function colorFor(packageName: string): string {
  let hash = 0;
  for (const ch of packageName) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360}, 65%, 48%)`;
}

/** A rounded app icon and its label below, cut with an ellipsis when longer than the cell. */
export function appIcon(p: Painter, x: number, y: number, look: AppIconLook, onTap: () => void): void {
  const size = 56;
  iconFace(p, x, y, size, look);
  p.text(look.label, x + size / 2, y + size + 14, { size: 12, color: '#ffffff', align: 'center', maxWidth: 80 });
  p.tappable(x - 8, y - 4, size + 16, size + 28, onTap);
}
