import { formatDuration, header, HEADER, STATUS_BAR } from './common';
import type { Screen } from './screen';
import { systemText } from './system-text';

const GOLD_PER_SECOND = 1.5;

/** Gold mined so far: it grows with wall-clock time, whether anyone watches or not. */
export function goldMined(startedAt: number, now: number): number {
  return Math.floor(((now - startedAt) / 1000) * GOLD_PER_SECOND);
}

export function levelFor(gold: number): { level: number; progress: number } {
  const level = Math.floor(Math.log2(gold / 100 + 1)) + 1;
  const floor = 100 * (2 ** (level - 1) - 1);
  const next = 100 * (2 ** level - 1);
  return { level, progress: (gold - floor) / (next - floor) };
}

/** The demo idle game: the "keep it running 24/7" story. */
export const game: Screen = (p, { state, now, back }) => {
  const text = systemText(state.language);
  p.rect(0, 0, p.width, p.height, '#0f2a1d');
  header(p, text.apps.game, back);
  const gold = goldMined(state.gameStartedAt, now);
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
  p.rect(40, top + 124, p.width - 80, 14, '#14532d', 7);
  p.rect(40, top + 124, (p.width - 80) * progress, 14, '#22c55e', 7);
  p.text(text.game.mining(formatDuration(now - state.gameStartedAt)), p.width / 2, top + 170, {
    size: 14,
    color: '#bbf7d0',
    align: 'center',
  });
};
