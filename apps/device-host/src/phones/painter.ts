import type { SKRSContext2D } from '@napi-rs/canvas';
import { PHONE_FONT, registerPhoneFonts } from './fonts';

/** The logical width every screen is laid out in; the painter scales it to the output size. */
export const LOGICAL_WIDTH = 360;

export interface HitTarget {
  x: number;
  y: number;
  w: number;
  h: number;
  action: () => void;
}

/**
 * Draws in logical units and records where each tappable thing is, so the same layout serves the
 * picture and the hit test.
 */
export class Painter {
  readonly targets: HitTarget[] = [];

  constructor(
    readonly ctx: SKRSContext2D,
    readonly width: number,
    readonly height: number,
  ) {
    registerPhoneFonts();
  }

  rect(x: number, y: number, w: number, h: number, color: string, radius = 0): void {
    this.ctx.fillStyle = color;
    this.ctx.beginPath();
    this.ctx.roundRect(x, y, w, h, radius);
    this.ctx.fill();
  }

  text(
    value: string,
    x: number,
    y: number,
    options: {
      size?: number;
      color?: string;
      bold?: boolean;
      align?: 'left' | 'center' | 'right';
      maxWidth?: number;
    } = {},
  ): void {
    const { size = 14, color = '#1f2233', bold = false, align = 'left', maxWidth } = options;
    this.ctx.font = `${bold ? 'bold ' : ''}${size}px ${PHONE_FONT}`;
    this.ctx.fillStyle = color;
    this.ctx.textAlign = align;
    this.ctx.textBaseline = 'middle';
    this.ctx.fillText(value, x, y, maxWidth);
  }

  /** Splits text into lines that fit `width` (and at newlines). */
  wrap(value: string, width: number, size: number): string[] {
    this.ctx.font = `${size}px ${PHONE_FONT}`;
    const lines: string[] = [];
    for (const paragraph of value.split('\n')) {
      let line = '';
      for (const ch of paragraph) {
        if (this.ctx.measureText(line + ch).width > width && line) {
          lines.push(line);
          line = ch;
        } else line += ch;
      }
      lines.push(line);
    }
    return lines;
  }

  measure(value: string, size: number): number {
    this.ctx.font = `${size}px ${PHONE_FONT}`;
    return this.ctx.measureText(value).width;
  }

  tappable(x: number, y: number, w: number, h: number, action: () => void): void {
    this.targets.push({ x, y, w, h, action });
  }
}
