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

/** The part of a screen that scrolls, in logical units, and how far down its content reaches. */
interface ScrollArea {
  top: number;
  bottom: number;
  offset: number;
  contentBottom: number;
}

/**
 * Draws in logical units and records where each tappable thing is, so the same layout serves the
 * picture and the hit test. What a screen draws after `scrollFrom` scrolls by `scrollOffset`.
 */
export class Painter {
  readonly targets: HitTarget[] = [];
  private area: ScrollArea | null = null;
  /** How far the scrolling part can scroll: its content's height past the visible part. */
  maxScroll = 0;

  constructor(
    readonly ctx: SKRSContext2D,
    readonly width: number,
    readonly height: number,
    private readonly scrollOffset = 0,
  ) {
    registerPhoneFonts();
  }

  /** Everything drawn from here to `endScroll` lies between `top` and `bottom` and moves with the scroll offset. */
  scrollFrom(top: number, bottom: number): void {
    this.endScroll();
    this.area = { top, bottom, offset: this.scrollOffset, contentBottom: top };
    this.ctx.save();
    this.ctx.beginPath();
    this.ctx.rect(0, top, this.width, bottom - top);
    this.ctx.clip();
    this.ctx.translate(0, -this.scrollOffset);
  }

  endScroll(): void {
    if (!this.area) return;
    this.ctx.restore();
    this.maxScroll = Math.max(0, this.area.contentBottom - this.area.bottom);
    this.area = null;
  }

  rect(x: number, y: number, w: number, h: number, color: string, radius = 0): void {
    this.reach(y + h);
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
    this.reach(y + size);
    this.ctx.font = `${bold ? 'bold ' : ''}${size}px ${PHONE_FONT}`;
    this.ctx.fillStyle = color;
    this.ctx.textAlign = align;
    this.ctx.textBaseline = 'middle';
    this.ctx.fillText(maxWidth === undefined ? value : this.fit(value, maxWidth, size, bold), x, y);
  }

  /** The text as it fits `width`: whole, or cut at the end with an ellipsis (never squeezed). */
  fit(value: string, width: number, size: number, bold = false): string {
    this.ctx.font = `${bold ? 'bold ' : ''}${size}px ${PHONE_FONT}`;
    if (this.ctx.measureText(value).width <= width) return value;
    const chars = [...value];
    let low = 0;
    let high = chars.length;
    // The longest start that fits with the ellipsis after it.
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.ctx.measureText(chars.slice(0, mid).join('') + '…').width <= width) low = mid;
      else high = mid - 1;
    }
    return chars.slice(0, low).join('') + '…';
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
    if (!this.area) return void this.targets.push({ x, y, w, h, action });
    // Where it shows now, and only the part inside the scrolling area can be tapped.
    const top = Math.max(y - this.area.offset, this.area.top);
    const bottom = Math.min(y + h - this.area.offset, this.area.bottom);
    if (bottom > top) this.targets.push({ x, y: top, w, h: bottom - top, action });
  }

  /** Content coordinates: how far down the scrolling content reaches. */
  private reach(y: number): void {
    if (this.area) this.area.contentBottom = Math.max(this.area.contentBottom, y);
  }
}
