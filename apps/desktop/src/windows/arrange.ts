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
