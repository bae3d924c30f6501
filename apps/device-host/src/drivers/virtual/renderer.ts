import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PhoneStatus } from '@cloudphone/contracts/stream';
import { LOGICAL_WIDTH, Painter, type HitTarget } from './painter';
import type { PhoneState } from './phone-state';
import { formatClock, NAV_BAR, STATUS_BAR } from './screens/common';
import { screenFor } from './screens/index';
import { systemText } from './screens/system-text';
import type { ScreenContext } from './screens/screen';

const DARK_SCREENS = new Set(['launcher', 'game']);

/** The logical height of a phone's display held upright: the logical width at the phone's aspect ratio. */
export function logicalHeight(state: PhoneState): number {
  return (LOGICAL_WIDTH * state.display.height) / state.display.width;
}

/** The screen's logical size as its user sees it: turned on its side when the display is landscape. */
export function layoutSize(state: PhoneState): { width: number; height: number } {
  const upright = { width: LOGICAL_WIDTH, height: logicalHeight(state) };
  return state.orientation === 'landscape' ? { width: upright.height, height: upright.width } : upright;
}

/**
 * The canvas of a picture `width` × `height` (`reuse` when it is that size: a stream draws 30 a second,
 * and a new canvas for each is memory the garbage collector then stops the host to reclaim), cleared,
 * its context scaled to logical units. The panel stays portrait: a landscape layout is drawn onto it a
 * quarter turn clockwise, unless the picture is `upright` (as its user sees it).
 */
export function panelCanvas(
  size: { width: number; height: number },
  turned: boolean,
  upright: boolean,
  reuse?: Canvas,
): { canvas: Canvas; ctx: SKRSContext2D } {
  const scale = size.width / LOGICAL_WIDTH;
  const [w, h] = upright && turned ? [size.height, size.width] : [size.width, size.height];
  const canvas = reuse?.width === w && reuse.height === h ? reuse : createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.scale(scale, scale);
  if (turned && !upright) {
    ctx.translate(LOGICAL_WIDTH, 0);
    ctx.rotate(Math.PI / 2);
  }
  return { canvas, ctx };
}

/**
 * Draws a phone's whole screen — status bar, the app on top of the stack, navigation bar, or the
 * boot/maintenance picture — into a context already scaled to logical units, its scrolling part
 * `scrollOffset` down. Returns the tap targets and how far that part can scroll.
 */
export function drawPhone(
  ctx: SKRSContext2D,
  ctxScreen: ScreenContext,
  status: PhoneStatus,
  scrollOffset = 0,
): { targets: HitTarget[]; maxScroll: number } {
  const { state, now } = ctxScreen;
  const { width, height } = layoutSize(state);
  const p = new Painter(ctx, width, height, scrollOffset);
  if (status !== 'online') {
    p.rect(0, 0, width, height, '#000000');
    p.text(state.identity.brand.toUpperCase(), width / 2, height / 2 - 20, {
      size: 30,
      color: '#ffffff',
      bold: true,
      align: 'center',
    });
    p.text(systemText(state.language).busy[status] ?? status, width / 2, height / 2 + 24, {
      size: 15,
      color: '#a5a8b8',
      align: 'center',
    });
    return { targets: [], maxScroll: 0 };
  }
  const top = state.screenStack.at(-1) ?? 'launcher';
  screenFor(top)(p, ctxScreen);
  p.endScroll();

  const dark = DARK_SCREENS.has(top);
  const ink = dark ? '#ffffff' : '#1f2233';
  if (!dark) p.rect(0, 0, width, STATUS_BAR, '#ffffff');
  p.text(formatClock(now), 14, STATUS_BAR / 2, { size: 12, color: ink, bold: true });
  p.text('5G ▮▮▮ 87%', width - 12, STATUS_BAR / 2, { size: 11, color: ink, align: 'right' });

  // Gesture navigation: a handle to go home; back and recents are the viewer's keys (one key bar, issue 22).
  const handle = dark ? 'rgba(255,255,255,0.7)' : 'rgba(31,34,51,0.55)';
  p.rect(width / 2 - 54, height - NAV_BAR / 2 - 2, 108, 4, handle, 2);
  p.tappable(width / 2 - 80, height - NAV_BAR, 160, NAV_BAR, () => ctxScreen.open('launcher'));
  return { targets: p.targets, maxScroll: p.maxScroll };
}
