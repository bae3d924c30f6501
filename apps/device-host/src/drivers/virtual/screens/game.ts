import { formatDuration, header, HEADER, NAV_BAR, STATUS_BAR } from './common';
import type { Painter } from '../painter';
import type { PhoneState } from '../phone-state';
import type { Screen, ScreenFinger } from './screen';
import { systemText } from './system-text';

const GOLD_PER_SECOND = 1.5;
/** What a tap on "Mine" adds (issue 65): a key mapped to it is seen to work within a second. */
export const MINE_GOLD = 10;
/** The joystick pad's and its knob's radii, logical px. */
const PAD_RADIUS = 70;
const KNOB_RADIUS = 26;
/** The knob's colour: the gold's own, which the pad's green never is (tests find the knob by it). */
export const KNOB_COLOR = '#facc15';

/** Gold mined by the clock so far: it grows with wall-clock time, whether anyone watches or not. */
export function goldMined(startedAt: number, now: number): number {
  return Math.floor(((now - startedAt) / 1000) * GOLD_PER_SECOND);
}

/** The game's gold: the clock's, and what the Mine button added (kept with the game's progress). */
export function goldOf(state: Pick<PhoneState, 'gameStartedAt' | 'gameMined'>, now: number): number {
  return goldMined(state.gameStartedAt, now) + (state.gameMined ?? 0);
}

export function levelFor(gold: number): { level: number; progress: number } {
  const level = Math.floor(Math.log2(gold / 100 + 1)) + 1;
  const floor = 100 * (2 ** (level - 1) - 1);
  const next = 100 * (2 ** level - 1);
  return { level, progress: (gold - floor) / (next - floor) };
}

/** Where the Mine button and the pad are: stacked on a portrait screen, side by side on a landscape one. */
function controlsLayout(p: Painter) {
  const bottom = p.height - NAV_BAR;
  if (p.width > p.height)
    return { mine: { x: p.width - 200, y: bottom - 100 }, pad: { x: 40 + PAD_RADIUS, y: bottom - 20 - PAD_RADIUS } };
  return {
    mine: { x: p.width / 2 - 80, y: bottom - 2 * PAD_RADIUS - 110 },
    pad: { x: p.width / 2, y: bottom - 30 - PAD_RADIUS },
  };
}

/** The pad and its knob, pushed where the finger that went down on the pad is now (within the pad). */
function drawPad(p: Painter, centre: { x: number; y: number }, fingers: readonly ScreenFinger[]): void {
  const onPad = fingers.find((f) => Math.hypot(f.x0 * p.width - centre.x, f.y0 * p.height - centre.y) <= PAD_RADIUS);
  let dx = onPad ? onPad.x * p.width - centre.x : 0;
  let dy = onPad ? onPad.y * p.height - centre.y : 0;
  const reach = Math.hypot(dx, dy);
  const limit = PAD_RADIUS - KNOB_RADIUS;
  if (reach > limit) [dx, dy] = [(dx / reach) * limit, (dy / reach) * limit];
  const circle = (x: number, y: number, r: number, color: string) => {
    p.ctx.fillStyle = color;
    p.ctx.beginPath();
    p.ctx.arc(x, y, r, 0, Math.PI * 2);
    p.ctx.fill();
  };
  circle(centre.x, centre.y, PAD_RADIUS, '#14532d');
  circle(centre.x, centre.y, PAD_RADIUS - 4, '#166534');
  circle(centre.x + dx, centre.y + dy, KNOB_RADIUS, KNOB_COLOR);
}

/** The demo idle game: the "keep it running 24/7" story, and a Mine button and a pad to play with keys. */
export const game: Screen = (p, { state, now, back, fingers, mine }) => {
  const text = systemText(state.language);
  p.rect(0, 0, p.width, p.height, '#0f2a1d');
  header(p, text.apps.game, back);
  const gold = goldOf(state, now);
  const { level, progress } = levelFor(gold);
  const top = STATUS_BAR + HEADER + 40;
  p.text(text.game.gold, p.width / 2, top, { size: 14, color: '#86efac', align: 'center' });
  p.text(gold.toLocaleString(state.language), p.width / 2, top + 44, {
    size: 44,
    color: '#facc15',
    bold: true,
    align: 'center',
  });
  p.text(text.game.level(level), p.width / 2, top + 100, { size: 18, color: '#ffffff', align: 'center' });
  // On a landscape screen the bar keeps to the middle, between the pad and the Mine button.
  const barLeft = p.width > p.height ? p.width * 0.32 : 40;
  p.rect(barLeft, top + 124, p.width - 2 * barLeft, 14, '#14532d', 7);
  p.rect(barLeft, top + 124, (p.width - 2 * barLeft) * progress, 14, '#22c55e', 7);
  p.text(text.game.mining(formatDuration(now - state.gameStartedAt)), p.width / 2, top + 170, {
    size: 14,
    color: '#bbf7d0',
    align: 'center',
  });
  // A game's controls stay where they are while its page scrolls.
  p.endScroll();
  const layout = controlsLayout(p);
  p.rect(layout.mine.x, layout.mine.y, 160, 56, '#ca8a04', 28);
  p.text(text.game.mine(MINE_GOLD), layout.mine.x + 80, layout.mine.y + 28, {
    size: 18,
    color: '#ffffff',
    bold: true,
    align: 'center',
  });
  p.tappable(layout.mine.x, layout.mine.y, 160, 56, mine);
  drawPad(p, layout.pad, fingers);
};
