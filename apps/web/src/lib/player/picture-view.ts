import type { PhoneOrientation } from '@cloudphone/contracts/stream';

/**
 * The player's canvas as the user sees the phone (issue 22). Frames keep the panel's portrait size;
 * a landscape phone's frames lie a quarter turn clockwise in them, and are turned back here, so the
 * canvas is then as wide as a frame is tall.
 */
export class PictureView {
  private frame = { width: 0, height: 0 };
  private orientation: PhoneOrientation = 'portrait';

  constructor(readonly canvas: HTMLCanvasElement) {}

  /** Frames of `width` × `height` follow, to be shown turned as `orientation` says. */
  set(width: number, height: number, orientation: PhoneOrientation): void {
    this.frame = { width, height };
    this.orientation = orientation;
    const turned = orientation === 'landscape';
    this.canvas.width = turned ? height : width;
    this.canvas.height = turned ? width : height;
    this.canvas.dataset.orientation = orientation;
  }

  /** The size frames come at (the config's). */
  get frameSize(): { width: number; height: number } {
    return this.frame;
  }

  /** Whether the picture shows as it comes: a portrait phone, its frames not turned. */
  get upright(): boolean {
    return this.orientation !== 'landscape';
  }

  /** An upright frame's pixels, written as they are (no transform, no scaling: the canvas is the frame's size). */
  put(pixels: ImageData): void {
    this.canvas.getContext('2d')?.putImageData(pixels, 0, 0);
  }

  draw(source: CanvasImageSource): void {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    // A quarter turn back (anticlockwise): the frame's top edge becomes the picture's left edge.
    if (this.orientation === 'landscape') ctx.setTransform(0, -1, 1, 0, 0, this.frame.width);
    else ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(source, 0, 0, this.frame.width, this.frame.height);
  }
}

/**
 * Where the picture shows inside its canvas element, which fills the space it has and keeps the
 * picture's proportions (`object-fit: contain`): the bands either side are not the phone's.
 */
export function pictureRect(canvas: HTMLCanvasElement): { left: number; top: number; width: number; height: number } {
  const box = canvas.getBoundingClientRect();
  if (!canvas.width || !canvas.height) return box;
  const scale = Math.min(box.width / canvas.width, box.height / canvas.height);
  const width = canvas.width * scale;
  const height = canvas.height * scale;
  const [x, y] = objectPosition(canvas);
  return { left: box.left + (box.width - width) * x, top: box.top + (box.height - height) * y, width, height };
}

/** Where the canvas' `object-position` puts the picture in what it leaves over, as fractions (centred unless set). */
function objectPosition(canvas: HTMLCanvasElement): [number, number] {
  const parts = getComputedStyle(canvas).objectPosition.split(' ');
  const fraction = (part: string | undefined) => (part?.endsWith('%') ? Number.parseFloat(part) / 100 : 0.5);
  return [fraction(parts[0]), fraction(parts[1])];
}
