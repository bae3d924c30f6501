/** A window's place on the screen, in screen pixels. */
export interface Bounds {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * One-click arrange (spec §1, §5): `windows` windows in `rows` × `columns` cells of the work area, in
 * reading order; a phone's window keeps a phone's shape (9:16 plus its title bar), as large as its
 * cell allows. Rows and columns must not be 0, and at least two windows are needed (arrangeSchema);
 * windows past the cells wrap to a new screenful on top of the first.
 */
export function arrange(area: Bounds, rows: number, columns: number, windows: number, titleBar = 32): Bounds[] {
  const cellWidth = Math.floor(area.width / columns);
  const cellHeight = Math.floor(area.height / rows);
  // The largest 9:16 screen (plus the title bar) that fits the cell.
  const height = Math.min(cellHeight, Math.floor((cellWidth * 16) / 9 + titleBar));
  const width = Math.min(cellWidth, Math.floor(((height - titleBar) * 9) / 16));
  return Array.from({ length: windows }, (_, i) => {
    const cell = i % (rows * columns);
    return {
      left: area.left + (cell % columns) * cellWidth,
      top: area.top + Math.floor(cell / columns) * cellHeight,
      width,
      height,
    };
  });
}

/**
 * A phone window's size when it opens where it has never been left: the phone's screen and, under
 * it, its bar of keys, tools and quality in two rows — ADB and Exit included (issue 55).
 */
export const PHONE_WINDOW_SIZE = { width: 440, height: 840 } as const;

/** How far each new window opens from the one before, so none hides another. */
const CASCADE_STEP = 32;

/**
 * Where the `index`th phone window opens when it has no place of its own: down and to the right of
 * the one before, starting again at the top left of the work area when the next would leave it.
 */
export function cascade(area: Bounds, index: number, size: { width: number; height: number } = PHONE_WINDOW_SIZE) {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  const steps = Math.max(
    1,
    Math.min(Math.floor((area.width - width) / CASCADE_STEP), Math.floor((area.height - height) / CASCADE_STEP)) + 1,
  );
  const offset = (index % steps) * CASCADE_STEP;
  return { left: area.left + offset, top: area.top + offset, width, height };
}
