import type { TouchAction } from '@cloudphone/contracts/stream';

/** A finger that moves less than this share of the screen is a tap, not a swipe (Android's touch slop). */
const TAP_SLOP = 0.03;
/** Held this long in place, a finger is a long press (Android's default long-press timeout). */
const LONG_PRESS_MS = 500;

/** What a lifted finger does on a virtual phone's screens. */
export interface FingerGestures {
  tap(x: number, y: number): void;
  longPress(x: number, y: number): void;
  swipe(y1: number, y2: number): void;
}

/**
 * The fingers on a virtual phone's screen (issue 50): pointers go down, move and up independently,
 * several at once. One that comes up near where it went down is a tap, or a long press once held
 * LONG_PRESS_MS; one that moved is a swipe from where it went down.
 */
export class Fingers {
  private readonly pointers = new Map<number, { x0: number; y0: number; x: number; y: number; downAt: number }>();

  constructor(private readonly gestures: FingerGestures) {}

  touch(action: TouchAction, id: number, x: number, y: number, now: number): void {
    if (action === 'down') return void this.pointers.set(id, { x0: x, y0: y, x, y, downAt: now });
    const held = this.pointers.get(id);
    if (!held) return;
    if (action === 'move') return void Object.assign(held, { x, y });
    this.pointers.delete(id);
    if (Math.hypot(x - held.x0, y - held.y0) > TAP_SLOP) this.gestures.swipe(held.y0, y);
    else if (now - held.downAt >= LONG_PRESS_MS) this.gestures.longPress(x, y);
    else this.gestures.tap(x, y);
  }

  /** The ids of the pointers down now. */
  down(): number[] {
    return [...this.pointers.keys()];
  }

  /** Where each finger down now went down and is now. */
  positions(): { x0: number; y0: number; x: number; y: number }[] {
    return [...this.pointers.values()].map(({ x0, y0, x, y }) => ({ x0, y0, x, y }));
  }

  /** The phone stopped (restarting, switched off): no finger stays on it. */
  liftAll(): void {
    this.pointers.clear();
  }
}
