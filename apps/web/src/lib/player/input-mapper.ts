import type { ClientMessage, PhoneKey } from '@cloudphone/contracts/stream';
import { pictureRect } from './picture-view';

const LONG_PRESS_MS = 500;
/** Movement under this share of the screen is still a tap. */
const TAP_SLOP = 0.02;

const KEYS: Record<string, PhoneKey> = { Enter: 'enter', Backspace: 'backspace', Escape: 'back', Home: 'home' };

/** Pixels a wheel "line" stands for (Firefox scrolls by lines). */
const WHEEL_LINE_PX = 16;

/**
 * Turns pointer (one finger: tap, long press, swipe; two fingers: scroll), wheel and keyboard events
 * on the player's element into input messages with
 * coordinates normalised to 0..1 of the picture. A press focuses `focusTarget()` — the element, or
 * the keyboard's field while a text field on the phone has focus, so the device's keyboard stays up
 * (and comes up: focus given during a tap raises it where a later one may not). Returns a function
 * that detaches it.
 */
export function attachInput(
  element: HTMLElement,
  canvas: HTMLCanvasElement,
  send: (message: ClientMessage) => void,
  focusTarget: () => HTMLElement = () => element,
): () => void {
  let down: { x: number; y: number; t: number } | null = null;
  /** Fingers on the screen; with two, the gesture scrolls (from `scrollY`, their mean height) and taps nothing. */
  const fingers = new Map<number, number>();
  let scrollY: number | null = null;
  const meanY = () => [...fingers.values()].reduce((sum, y) => sum + y, 0) / fingers.size;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const point = (e: { clientX: number; clientY: number }) => {
    const r = pictureRect(canvas);
    return { x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) };
  };

  const onPointerDown = (e: PointerEvent) => {
    // Instead of the browser's own focus change, which would take focus from the keyboard's field.
    e.preventDefault();
    focusTarget().focus({ preventScroll: true });
    down = { ...point(e), t: performance.now() };
    fingers.set(e.pointerId, down.y);
    if (fingers.size === 2) {
      scrollY = meanY();
      down = null;
    }
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, point(e).y);
    if (scrollY === null || fingers.size < 2) return;
    // Fingers moving up move the content up: scrolling further down it.
    const dy = scrollY - meanY();
    if (Math.abs(dy) < TAP_SLOP) return;
    send({ type: 'scroll', x: 0.5, y: meanY(), dy });
    scrollY = meanY();
  };
  const onPointerUp = (e: PointerEvent) => {
    fingers.delete(e.pointerId);
    if (scrollY !== null) {
      if (fingers.size === 0) scrollY = null;
      return;
    }
    if (!down) return;
    const up = point(e);
    const moved = Math.hypot(up.x - down.x, up.y - down.y) > TAP_SLOP;
    const held = performance.now() - down.t;
    if (moved)
      send({ type: 'swipe', x1: down.x, y1: down.y, x2: up.x, y2: up.y, durationMs: Math.min(5000, Math.round(held)) });
    else send({ type: held >= LONG_PRESS_MS ? 'longpress' : 'tap', x: down.x, y: down.y });
    down = null;
  };
  // The browser took the gesture over: nothing is sent for it.
  const onPointerCancel = (e: PointerEvent) => {
    fingers.delete(e.pointerId);
    if (fingers.size === 0) scrollY = null;
    down = null;
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const pixels = e.deltaMode === WheelEvent.DOM_DELTA_LINE ? e.deltaY * WHEEL_LINE_PX : e.deltaY;
    const dy = Math.max(-1, Math.min(1, pixels / pictureRect(canvas).height));
    if (dy !== 0) send({ type: 'scroll', ...point(e), dy });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = KEYS[e.key];
    if (key) send({ type: 'key', key });
    else if (e.key.length === 1) send({ type: 'text', text: e.key });
    else return;
    e.preventDefault();
  };
  const onPaste = (e: ClipboardEvent) => {
    const text = e.clipboardData?.getData('text/plain');
    if (text) send({ type: 'text', text });
    e.preventDefault();
  };

  element.addEventListener('pointerdown', onPointerDown);
  element.addEventListener('pointermove', onPointerMove);
  element.addEventListener('pointerup', onPointerUp);
  element.addEventListener('pointercancel', onPointerCancel);
  element.addEventListener('wheel', onWheel, { passive: false });
  element.addEventListener('keydown', onKeyDown);
  element.addEventListener('paste', onPaste);
  return () => {
    element.removeEventListener('pointerdown', onPointerDown);
    element.removeEventListener('pointermove', onPointerMove);
    element.removeEventListener('pointerup', onPointerUp);
    element.removeEventListener('pointercancel', onPointerCancel);
    element.removeEventListener('wheel', onWheel);
    element.removeEventListener('keydown', onKeyDown);
    element.removeEventListener('paste', onPaste);
  };
}
