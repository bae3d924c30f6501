import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyMap } from '@cloudphone/contracts/key-maps';
import { POINTER_IDLE_RELEASE_MS, type ClientMessage } from '@cloudphone/contracts/stream';
import { KeyMapPlayer } from './key-map-player';

type Touch = Extract<ClientMessage, { type: 'touch' }>;

const MAP: KeyMap = {
  toggleKey: 'Backquote',
  controls: [
    { kind: 'tap', key: 'J', x: 0.5, y: 0.6 },
    { kind: 'hold', key: 'K', x: 0.2, y: 0.3 },
    { kind: 'repeat', key: 'L', x: 0.8, y: 0.3, perSecond: 5 },
    { kind: 'joystick', keys: { up: 'W', left: 'A', down: 'S', right: 'D' }, x: 0.5, y: 0.85, radius: 0.1 },
  ],
};

/** What the phone's host makes of the touches: the pointers down, and whether one was let go for idling. */
function hostOf(sent: { touch: Touch; at: number }[]) {
  const down = new Map<number, number>();
  let idleReleased = false;
  for (const { touch, at } of sent) {
    const last = down.get(touch.id);
    if (last !== undefined && at - last >= POINTER_IDLE_RELEASE_MS) idleReleased = true;
    if (touch.action === 'up') down.delete(touch.id);
    else down.set(touch.id, at);
  }
  return { down: [...down.keys()], idleReleased };
}

describe('playing a key map (issue 65)', () => {
  let sent: { touch: Touch; at: number }[];
  let toggled: number;
  let player: KeyMapPlayer;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    toggled = 0;
    player = new KeyMapPlayer(
      (message) => sent.push({ touch: message as Touch, at: Date.now() }),
      () => 9 / 16,
      () => toggled++,
    );
    player.setMap(MAP);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a held key’s pointer down for the 5 s it is held, sent again before the host would let it go', () => {
    expect(player.keyDown('K')).toBe(true);
    for (let ms = 0; ms < 5_000; ms += 100) {
      vi.advanceTimersByTime(100);
      // The system repeats the held key's down: still one press.
      player.keyDown('K');
      expect(hostOf(sent)).toEqual({ down: [sent[0]!.touch.id], idleReleased: false });
    }
    player.keyUp('K');
    expect(hostOf(sent).down).toEqual([]);
    expect(sent.filter((s) => s.touch.action === 'down')).toHaveLength(1);
    expect(sent.at(-1)!.at - sent[0]!.at).toBe(5_000);
  });

  it('lifts every pointer of the map when focus is lost: a hold, a repeat, a pushed joystick and a tap', () => {
    for (const key of ['K', 'L', 'D', 'W']) player.keyDown(key);
    vi.advanceTimersByTime(1_000);
    player.keyDown('J');
    // The hold, the repeat's tap under way, the joystick, and the tap just pressed.
    expect(hostOf(sent).down).toHaveLength(4);
    player.liftAll();
    expect(hostOf(sent).down).toEqual([]);
    const count = sent.length;
    vi.advanceTimersByTime(2_000);
    expect(sent).toHaveLength(count);
    // Keys held when focus went are let go too: pressing again presses anew.
    player.keyDown('K');
    expect(hostOf(sent).down).toHaveLength(1);
  });

  it('taps a spot, repeats taps while held, and shows the map’s labels on its own key', () => {
    player.keyDown('J');
    player.keyUp('J');
    // The finger stays down a moment, as a finger's tap does: a game reading once a frame sees it.
    vi.advanceTimersByTime(39);
    expect(hostOf(sent).down).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent.map((s) => [s.touch.action, s.touch.x, s.touch.y])).toEqual([
      ['down', 0.5, 0.6],
      ['up', 0.5, 0.6],
    ]);
    sent = [];
    player.keyDown('L');
    vi.advanceTimersByTime(1_000);
    player.keyUp('L');
    expect(sent.filter((s) => s.touch.action === 'down')).toHaveLength(6);
    expect(hostOf(sent).down).toEqual([]);
    expect(player.keyDown('Backquote')).toBe(true);
    expect(toggled).toBe(1);
    expect(player.keyDown('Q')).toBe(false);
  });

  it('pushes the joystick’s finger towards the keys held, a diagonal for two, within its radius', () => {
    player.keyDown('D');
    const at = () => sent.at(-1)!.touch;
    expect(sent[0]!.touch).toMatchObject({ action: 'down', x: 0.5, y: 0.85 });
    expect(at()).toMatchObject({ action: 'move', x: 0.6, y: 0.85 });
    player.keyDown('W');
    // The radius is a share of the shorter side (across, on a portrait screen): down it is 9/16 of that.
    expect(at().x).toBeCloseTo(0.5 + 0.1 * Math.SQRT1_2);
    expect(at().y).toBeCloseTo(0.85 - 0.1 * (9 / 16) * Math.SQRT1_2);
    player.keyUp('D');
    expect(at()).toMatchObject({ action: 'move', x: 0.5 });
    player.keyUp('W');
    expect(at().action).toBe('up');
  });
});
