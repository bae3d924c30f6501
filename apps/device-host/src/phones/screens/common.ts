import { Image } from '@napi-rs/canvas';
import type { Painter } from '../painter';
import { LOGICAL_WIDTH } from '../painter';

export const STATUS_BAR = 24;
export const NAV_BAR = 36;
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
  p.rect(0, STATUS_BAR, LOGICAL_WIDTH, HEADER, '#ffffff');
  p.text('←', 16, STATUS_BAR + HEADER / 2, { size: 22 });
  p.tappable(0, STATUS_BAR, 56, HEADER, back);
  p.text(title, 56, STATUS_BAR + HEADER / 2, { size: 20, bold: true });
  let right = LOGICAL_WIDTH - 12;
  for (const a of [...(action ?? [])].reverse()) {
    const w = p.measure(a.label, 14) + 20;
    right -= w;
    p.rect(right, STATUS_BAR + 12, w, 28, '#e8ebff', 14);
    p.text(a.label, right + w / 2, STATUS_BAR + 26, { size: 14, color: '#3946d6', align: 'center' });
    p.tappable(right, STATUS_BAR + 8, w, 36, a.onTap);
    right -= 8;
  }
  p.rect(0, STATUS_BAR + HEADER - 1, LOGICAL_WIDTH, 1, '#e6e8ef');
  // What the screen draws under its title bar scrolls (wheel, two-finger or one-finger swipe).
  p.scrollFrom(STATUS_BAR + HEADER, p.height - NAV_BAR);
}

/** A row of a settings-style list: label left, value right. */
export function row(p: Painter, y: number, label: string, value = '', onTap?: () => void, h = 56): number {
  p.rect(0, y, LOGICAL_WIDTH, h, '#ffffff');
  p.text(label, 16, y + h / 2, { size: 15 });
  // A row that opens something keeps its value clear of the arrow.
  const valueRight = LOGICAL_WIDTH - (onTap ? 32 : 16);
  if (value) p.text(value, valueRight, y + h / 2, { size: 13, color: '#6b7085', align: 'right', maxWidth: 200 });
  if (onTap) {
    p.text('›', LOGICAL_WIDTH - 14, y + h / 2, { size: 20, color: '#a0a4b8', align: 'right' });
    p.tappable(0, y, LOGICAL_WIDTH, h, onTap);
  }
  p.rect(16, y + h - 1, LOGICAL_WIDTH - 16, 1, '#eef0f5');
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

/** A rounded app icon — the package's own picture, or a letter on a colour — and its label below. */
export function appIcon(
  p: Painter,
  x: number,
  y: number,
  label: string,
  color: string,
  glyph: string,
  onTap: () => void,
  picture?: string,
): void {
  const size = 56;
  const image = picture?.startsWith('data:image/') ? iconImage(picture) : undefined;
  if (image) {
    p.ctx.save();
    p.ctx.beginPath();
    p.ctx.roundRect(x, y, size, size, 14);
    p.ctx.clip();
    p.ctx.drawImage(image, x, y, size, size);
    p.ctx.restore();
  } else {
    p.rect(x, y, size, size, color, 14);
    p.text(glyph, x + size / 2, y + size / 2 + 1, { size: 26, color: '#ffffff', bold: true, align: 'center' });
  }
  p.text(label, x + size / 2, y + size + 14, { size: 12, color: '#ffffff', align: 'center', maxWidth: 80 });
  p.tappable(x - 8, y - 4, size + 16, size + 28, onTap);
}
