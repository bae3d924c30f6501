import { Path2D } from '@napi-rs/canvas';
import type { Painter } from '../painter';

/**
 * The built-in apps' pictures (issue 22): outline drawings on a 24-unit grid with round ends, the
 * family of the web app's icon set (antd-mobile-icons), drawn in white over the app's colour.
 */
export type SystemIconName = 'settings' | 'files' | 'notes' | 'game';

const GRID = 24;

/** A gear of eight teeth around a hub, traced as one outline. */
function gearPath(): string {
  const teeth = 8;
  const points: string[] = [];
  for (let i = 0; i < teeth * 4; i++) {
    const angle = (i / (teeth * 4)) * Math.PI * 2 - Math.PI / (teeth * 4);
    const radius = i % 4 < 2 ? 9.5 : 7.2;
    points.push(`${(12 + radius * Math.cos(angle)).toFixed(2)} ${(12 + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join(' L')} Z M15 12 A3 3 0 1 1 9 12 A3 3 0 1 1 15 12 Z`;
}

const PATHS: Record<SystemIconName, string> = {
  settings: gearPath(),
  // a folder with its tab
  files: 'M3 7 A2 2 0 0 1 5 5 H9.5 L11.5 7 H19 A2 2 0 0 1 21 9 V17 A2 2 0 0 1 19 19 H5 A2 2 0 0 1 3 17 Z M3 10 H21',
  // a page with a folded corner and two lines of writing
  notes:
    'M6 3 H14.5 L19 7.5 V19 A2 2 0 0 1 17 21 H6 A2 2 0 0 1 4 19 V5 A2 2 0 0 1 6 3 Z M14.5 3 V7.5 H19 M8 12 H15 M8 16 H13',
  // a cut gem, for the mining game
  game: 'M7 4 H17 L21 9.5 L12 20.5 L3 9.5 Z M3 9.5 H21 M9.5 4 L8 9.5 L12 20.5 L16 9.5 L14.5 4',
};

const compiled = new Map<SystemIconName, Path2D>();

/** Draws a built-in app's picture into the `size` square at (x, y). */
export function drawSystemIcon(p: Painter, name: SystemIconName, x: number, y: number, size: number): void {
  let path = compiled.get(name);
  if (!path) compiled.set(name, (path = new Path2D(PATHS[name])));
  const inset = size * 0.2;
  const scale = (size - inset * 2) / GRID;
  const { ctx } = p;
  ctx.save();
  ctx.translate(x + inset, y + inset);
  ctx.scale(scale, scale);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1.8;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke(path);
  ctx.restore();
}
