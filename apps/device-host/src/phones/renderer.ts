import type { SKRSContext2D } from '@napi-rs/canvas';
import type { PhoneStatus } from '@cloudphone/contracts/stream';
import { LOGICAL_WIDTH, Painter, type HitTarget } from './painter';
import type { PhoneState } from './phone-state';
import { formatClock, NAV_BAR, STATUS_BAR } from './screens/common';
import { screenFor } from './screens/index';
import { systemText } from './screens/system-text';
import type { ScreenContext } from './screens/screen';

const DARK_SCREENS = new Set(['launcher', 'game']);

/** The logical height of a phone's screen: the logical width at the phone's aspect ratio. */
export function logicalHeight(state: PhoneState): number {
  return (LOGICAL_WIDTH * state.display.height) / state.display.width;
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
  const height = logicalHeight(state);
  const p = new Painter(ctx, LOGICAL_WIDTH, height, scrollOffset);
  if (status !== 'online') {
    p.rect(0, 0, LOGICAL_WIDTH, height, '#000000');
    p.text(state.identity.brand.toUpperCase(), LOGICAL_WIDTH / 2, height / 2 - 20, {
      size: 30,
      color: '#ffffff',
      bold: true,
      align: 'center',
    });
    p.text(systemText(state.language).busy[status] ?? status, LOGICAL_WIDTH / 2, height / 2 + 24, {
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
  if (!dark) p.rect(0, 0, LOGICAL_WIDTH, STATUS_BAR, '#ffffff');
  p.text(formatClock(now), 14, STATUS_BAR / 2, { size: 12, color: ink, bold: true });
  p.text('5G ▮▮▮ 87%', LOGICAL_WIDTH - 12, STATUS_BAR / 2, { size: 11, color: ink, align: 'right' });

  p.rect(0, height - NAV_BAR, LOGICAL_WIDTH, NAV_BAR, dark ? 'rgba(0,0,0,0.25)' : '#f0f1f5');
  const keys: [string, () => void][] = [
    ['◁', ctxScreen.back],
    ['○', () => ctxScreen.open('launcher')],
    ['□', () => ctxScreen.open('launcher')],
  ];
  keys.forEach(([glyph, action], i) => {
    const x = (LOGICAL_WIDTH / 3) * i;
    p.text(glyph, x + LOGICAL_WIDTH / 6, height - NAV_BAR / 2, { size: 18, color: ink, align: 'center' });
    p.tappable(x, height - NAV_BAR, LOGICAL_WIDTH / 3, NAV_BAR, action);
  });
  return { targets: p.targets, maxScroll: p.maxScroll };
}
